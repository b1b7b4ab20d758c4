import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from './classify-error';
import { computeRetryDelay } from './retry-delay';

const config = { maxAttempts: 5, initialDelayMs: 100, maxDelayMs: 1000, maxRetryAfterMs: 60_000 };

describe('retry delay', () => {
  it('grows exponentially up to the cap, scaled by jitter', () => {
    expect([1, 2, 3, 4, 5].map((retry) => computeRetryDelay(retry, config, undefined, () => 1))).toEqual([
      100, 200, 400, 800, 1000,
    ]);
    expect(computeRetryDelay(3, config, undefined, () => 0.5)).toBe(200);
  });

  it('never waits less than the provider asked for', () => {
    expect(computeRetryDelay(1, config, 2500, () => 0)).toBe(2500);
  });

  it('reads Retry-After as seconds, an HTTP date, or retry-after-ms', () => {
    expect(parseRetryAfter({ 'Retry-After': '2' })).toBe(2000);
    expect(parseRetryAfter({ 'retry-after-ms': '150' })).toBe(150);
    const now = Date.parse('2030-01-01T00:00:00Z');
    expect(parseRetryAfter({ 'retry-after': 'Tue, 01 Jan 2030 00:00:07 GMT' }, now)).toBe(7000);
    expect(parseRetryAfter({ 'retry-after': 'soon' })).toBeUndefined();
    expect(parseRetryAfter(undefined)).toBeUndefined();
  });
});
