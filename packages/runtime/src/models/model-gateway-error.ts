import type { ProviderErrorKind } from '../errors/provider-error-kinds';

/**
 * Why a model call failed: one of the provider kinds (whether it is retried is the error's own
 * `retryable`, decided per failure), `model-configuration` when the call cannot be made as
 * configured, or `aborted` when the caller cancelled and nothing may be retried.
 */
export type ModelGatewayErrorKind = ProviderErrorKind | 'model-configuration' | 'aborted';

/** Details attached to a gateway error. */
export interface ModelGatewayErrorOptions {
  /** The model (`provider:model`) whose call failed. */
  model?: string;
  /** HTTP status returned by the provider, when there was one. */
  statusCode?: number;
  /** Whether repeating the same call may succeed. */
  retryable?: boolean;
  /** The delay the provider asked for (Retry-After), in milliseconds. */
  retryAfterMs?: number;
  cause?: unknown;
}

/**
 * Every failure the gateway reports. Aborts are named `AbortError` so that callers written
 * against `fetch` conventions (`error.name === 'AbortError'`) recognise them.
 */
export class ModelGatewayError extends Error {
  /** Stable category for mapping errors to run status and logs. */
  readonly kind: ModelGatewayErrorKind;
  /** `provider:model` whose call failed, when known. */
  readonly model: string | undefined;
  /** Provider HTTP status, when the provider answered. */
  readonly statusCode: number | undefined;
  /** Whether the same call may succeed if repeated. */
  readonly retryable: boolean;
  /** Delay the provider asked for before a retry, in milliseconds. */
  readonly retryAfterMs: number | undefined;

  constructor(kind: ModelGatewayErrorKind, message: string, options: ModelGatewayErrorOptions = {}) {
    super(message, { cause: options.cause });
    this.name = kind === 'aborted' ? 'AbortError' : 'ModelGatewayError';
    this.kind = kind;
    this.model = options.model;
    this.statusCode = options.statusCode;
    this.retryable = options.retryable ?? false;
    this.retryAfterMs = options.retryAfterMs;
  }
}

/** The error every abort path rejects with. */
export function createAbortError(signal: AbortSignal, model?: string): ModelGatewayError {
  const reason: unknown = signal.reason;
  const detail = reason instanceof Error ? `: ${reason.message}` : '';
  return new ModelGatewayError('aborted', `Model call aborted${detail}`, { model, cause: reason });
}

/** True for our own aborted errors and for the DOM/Node `AbortError`s the SDK may surface. */
export function isAbortError(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');
}
