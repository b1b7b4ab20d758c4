import type { ProviderErrorKind } from './provider-error-kinds';

/**
 * Every error the runtime raises on purpose carries a stable `kind`, so hosts map errors once
 * (HTTP status, run status, log severity) instead of matching on messages or classes.
 */
export type RuntimeErrorKind =
  | 'invalid-model-response'
  | 'limit-exceeded'
  | 'budget-exceeded'
  | 'resume-mismatch'
  | 'tool-state-persistence'
  | 'aborted'
  | 'host-stopping'
  | 'validation'
  | 'engine-state'
  | 'invalid-checkpoint'
  | 'model-call-failed'
  | 'model-configuration'
  | ProviderErrorKind
  | 'child-awaiting-approval'
  | 'wait-pending'
  | 'unexpected';

/** Base class of all typed runtime errors. */
export class RuntimeError extends Error {
  readonly kind: RuntimeErrorKind;

  constructor(kind: RuntimeErrorKind, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.kind = kind;
    this.name = new.target.name;
  }

  /** JSON-safe form for step results, events and the run record. */
  toJSON(): { kind: RuntimeErrorKind; message: string } {
    return { kind: this.kind, message: this.message };
  }
}

/** Narrows unknown values caught at boundaries. */
export function isRuntimeError(value: unknown): value is RuntimeError {
  return value instanceof RuntimeError;
}
