import { describe, expect, it } from 'vitest';

import { retryDelayMs } from './webhook-config';

const config = { retryBaseMs: 1_000, maxRetryDelayMs: 10_000 };

describe('retryDelayMs', () => {
  it('doubles per failed attempt, capped, between half and all of the exponential delay', () => {
    expect([1, 2, 3, 4, 5, 6].map((attempts) => retryDelayMs(config, attempts, () => 1))).toEqual([1_000, 2_000, 4_000, 8_000, 10_000, 10_000]);
    expect([1, 2, 3].map((attempts) => retryDelayMs(config, attempts, () => 0))).toEqual([500, 1_000, 2_000]);
  });

  it('spreads retries with jitter', () => {
    const delays = new Set(Array.from({ length: 20 }, () => retryDelayMs(config, 3)));
    expect(delays.size).toBeGreaterThan(1);
    for (const delay of delays) expect(delay).toBeGreaterThanOrEqual(2_000);
  });
});
