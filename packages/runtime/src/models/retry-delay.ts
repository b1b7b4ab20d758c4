import type { RetryConfig } from './model-config.schema';
import { createAbortError } from './model-gateway-error';

/**
 * Delay before retry number `retry` (1-based): exponential backoff with full jitter, so that
 * many runs hitting the same rate limit do not retry in lock-step. A Retry-After from the
 * provider is a floor, never shortened by jitter.
 */
export function computeRetryDelay(
  retry: number,
  config: RetryConfig,
  retryAfterMs: number | undefined,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(config.maxDelayMs, config.initialDelayMs * 2 ** (retry - 1));
  const backoff = Math.round(ceiling * random());
  return retryAfterMs === undefined ? backoff : Math.max(backoff, Math.ceil(retryAfterMs));
}

/** Waits `milliseconds`, rejecting with an AbortError as soon as `signal` aborts. */
export function sleep(milliseconds: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(createAbortError(signal));
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(createAbortError(signal));
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, milliseconds);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
