import { HostStoppingError, isRuntimeError, LimitExceededError } from '../errors';
import type { NextStep } from './step-result';

/**
 * Maps an error that ended a step to the `interrupted` next step. An abort is a cancel unless its
 * reason is the host stopping (`HostStoppingError`: `host-stopping`, ADR 0108). Typed domain errors
 * keep their kind; anything else (a bug in a module) is reported as `failed` with kind `unexpected`.
 */
export function interruptFromError(error: unknown, signal: AbortSignal): Extract<NextStep, { type: 'interrupted' }> {
  // The host shutting down is not a cancel: the run goes on elsewhere from its last checkpoint.
  const stopping = hostStoppingReason(error, signal);
  if (stopping) return { type: 'interrupted', reason: 'host-stopping', message: stopping.message, error: stopping.toJSON() };
  if (signal.aborted || (isRuntimeError(error) && error.kind === 'aborted')) {
    return { type: 'interrupted', reason: 'cancelled', message: 'The run was cancelled', error: { kind: 'aborted', message: messageOf(error) } };
  }
  if (error instanceof LimitExceededError && error.limit !== 'maxDelegations') {
    const reason = error.limit === 'maxModelCalls' ? 'model-call-limit' : 'iteration-limit';
    return { type: 'interrupted', reason, message: error.message, error: error.toJSON() };
  }
  if (isRuntimeError(error)) return { type: 'interrupted', reason: 'failed', message: error.message, error: error.toJSON() };
  return { type: 'interrupted', reason: 'failed', message: messageOf(error), error: { kind: 'unexpected', message: messageOf(error) } };
}

/** The host's stop, when that is what aborted the step (the signal's reason) or what the step threw. */
export function hostStoppingReason(error: unknown, signal: AbortSignal): HostStoppingError | undefined {
  if (signal.reason instanceof HostStoppingError) return signal.reason;
  return error instanceof HostStoppingError ? error : undefined;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
