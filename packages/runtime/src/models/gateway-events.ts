import type { ModelGatewayError } from './model-gateway-error';

/** Reported when the gateway gives up on one model and asks the next in the chain. */
export interface ModelFallbackEvent {
  /** `provider:model` that failed. */
  from: string;
  /** `provider:model` tried next. */
  to: string;
  /** The failure that made the gateway move on (after its retries). */
  error: ModelGatewayError;
  instance: { instanceId: string; step: number };
}

/**
 * Reported before each retry of the same model. Text deltas already streamed by the failed
 * attempt are void: the retried attempt streams its reply from the start.
 */
export interface ModelRetryEvent {
  model: string;
  /** The attempt that failed, 1-based. */
  attempt: number;
  delayMs: number;
  error: ModelGatewayError;
  instance: { instanceId: string; step: number };
}
