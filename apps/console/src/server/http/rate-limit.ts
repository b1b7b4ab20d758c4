import { DomainError, type TenantRequestLimits } from '@agentloom/platform';
import { getEnvironment } from '~/env';
import { TokenBucketLimiter } from '~/server/http/token-bucket-limiter';

/** A `rate-limited` DomainError that also says when to come back (the `Retry-After` header). */
export class RateLimitedError extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    super('rate-limited', `Too many requests for this API key; retry after ${retryAfterSeconds} s.`);
  }
}

const holderKey = Symbol.for('agentloom.console.rate-limiter');

/**
 * One limiter per rate and burst, per process: Next evaluates modules several times, and each copy
 * must share the buckets. Tenants the operator gave their own limits get the limiter of those
 * (an instance has a handful of distinct settings, so the map stays small).
 */
function limiter(limits: TenantRequestLimits | undefined): TokenBucketLimiter {
  const scope = globalThis as typeof globalThis & { [holderKey]?: Map<string, TokenBucketLimiter> };
  const defaults = getEnvironment().rateLimit;
  const perMinute = limits?.perMinute ?? defaults.perMinute;
  const burst = limits?.burst ?? defaults.burst;
  scope[holderKey] ??= new Map();
  const name = `${perMinute}/${burst}`;
  let found = scope[holderKey].get(name);
  if (found === undefined) {
    found = new TokenBucketLimiter(perMinute, burst);
    scope[holderKey].set(name, found);
  }
  return found;
}

/**
 * Takes one token for the API key behind a request (REST and tRPC share the key's bucket). Keyed
 * by the authenticated key id, never by what a caller presents, so nobody can drain another key's
 * bucket with made-up secrets. `limits` are the key's tenant's own, when the operator set them.
 */
export function enforceRateLimit(apiKeyId: string, limits?: TenantRequestLimits): void {
  const decision = limiter(limits).take(apiKeyId);
  if (!decision.allowed) throw new RateLimitedError(decision.retryAfterSeconds);
}

/** The seconds to wait when `error` is a rate-limit refusal (possibly wrapped as a cause), else undefined. */
export function retryAfterSecondsOf(error: unknown): number | undefined {
  for (let current = error; current instanceof Error; current = current.cause) {
    if ('retryAfterSeconds' in current && typeof current.retryAfterSeconds === 'number') return current.retryAfterSeconds;
  }
  return undefined;
}
