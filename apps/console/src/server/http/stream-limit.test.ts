import { describe, expect, it } from 'vitest';
import { RateLimitedError, retryAfterSecondsOf } from './rate-limit';
import { StreamLimitError, streamLimitRetryAfterSeconds } from './stream-limit';

// Every transport (REST route, operator route, tRPC, MCP) sets `Retry-After` from `retryAfterSecondsOf`,
// so a 429 carries the header exactly when its error says how long to wait.
describe('429 refusals say when to come back', () => {
  it('a refused stream (too many open for the key) carries a small Retry-After', () => {
    const refusal = new StreamLimitError(3);
    expect(refusal.kind).toBe('rate-limited');
    expect(retryAfterSecondsOf(refusal)).toBe(streamLimitRetryAfterSeconds);
    expect(streamLimitRetryAfterSeconds).toBeGreaterThan(0);
    expect(streamLimitRetryAfterSeconds).toBeLessThanOrEqual(10);
    // Also when a transport wraps it (tRPC keeps the domain error as the cause).
    expect(retryAfterSecondsOf(new Error('wrapped', { cause: refusal }))).toBe(streamLimitRetryAfterSeconds);
  });

  it('a request over the per-key rate limit carries the limiter’s wait', () => {
    expect(retryAfterSecondsOf(new RateLimitedError(7))).toBe(7);
  });
});
