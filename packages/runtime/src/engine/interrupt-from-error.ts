import { isRuntimeError, LimitExceededError } from '../errors';
import type { NextStep } from './step-result';

/**
 * Maps an error that ended a step to the `interrupted` next step. Typed domain errors keep their
 * kind; anything else (a bug in a module) is reported as `failed` with kind `unexpected`.
 */
export function interruptFromError(error: unknown, signal: AbortSignal): Extract<NextStep, { type: 'interrupted' }> {
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

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
