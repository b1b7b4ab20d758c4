import { DomainError } from '@agentloom/platform';
import { getEnvironment } from '~/env';
import { TokenBucketLimiter } from '~/server/http/token-bucket-limiter';

/** A `rate-limited` DomainError that also says when to come back (the `Retry-After` header). */
export class RateLimitedError extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    super('rate-limited', `Too many requests for this API key; retry after ${retryAfterSeconds} s.`);
  }
}

const holderKey = Symbol.for('agentloom.console.rate-limiter');

/** One limiter per process: Next evaluates modules several times, and each copy must share the buckets. */
function limiter(): TokenBucketLimiter {
  const scope = globalThis as typeof globalThis & { [holderKey]?: TokenBucketLimiter };
  const { perMinute, burst } = getEnvironment().rateLimit;
  scope[holderKey] ??= new TokenBucketLimiter(perMinute, burst);
  return scope[holderKey];
}

/**
 * Takes one token for the API key behind a request (REST and tRPC share the key's bucket). Keyed
 * by the authenticated key id, never by what a caller presents, so nobody can drain another key's
 * bucket with made-up secrets.
 */
export function enforceRateLimit(apiKeyId: string): void {
  const decision = limiter().take(apiKeyId);
  if (!decision.allowed) throw new RateLimitedError(decision.retryAfterSeconds);
}

/** The seconds to wait when `error` is a rate-limit refusal (possibly wrapped as a cause), else undefined. */
export function retryAfterSecondsOf(error: unknown): number | undefined {
  for (let current = error; current instanceof Error; current = current.cause) {
    if ('retryAfterSeconds' in current && typeof current.retryAfterSeconds === 'number') return current.retryAfterSeconds;
  }
  return undefined;
}
