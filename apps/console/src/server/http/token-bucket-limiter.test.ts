import { describe, expect, it } from 'vitest';

import { TokenBucketLimiter } from './token-bucket-limiter';

describe('TokenBucketLimiter', () => {
  it('allows a burst, then refuses with the seconds until the next token', () => {
    let now = 0;
    const limiter = new TokenBucketLimiter(60, 3, () => now);
    expect([1, 2, 3].map(() => limiter.take('key').allowed)).toEqual([true, true, true]);
    expect(limiter.take('key')).toEqual({ allowed: false, retryAfterSeconds: 1 });
    now += 1_000;
    expect(limiter.take('key').allowed).toBe(true);
    expect(limiter.take('key').allowed).toBe(false);
  });

  it('keeps one bucket per key and refills up to the burst only', () => {
    let now = 0;
    const limiter = new TokenBucketLimiter(6, 2, () => now);
    limiter.take('a');
    limiter.take('a');
    expect(limiter.take('a')).toEqual({ allowed: false, retryAfterSeconds: 10 });
    expect(limiter.take('b').allowed).toBe(true);
    now += 3_600_000;
    expect([1, 2, 3].map(() => limiter.take('a').allowed)).toEqual([true, true, false]);
  });

  it('forgets full buckets when it holds too many keys', () => {
    let now = 0;
    const limiter = new TokenBucketLimiter(60, 1, () => now, 2);
    limiter.take('a');
    limiter.take('b');
    now += 5_000;
    limiter.take('c');
    // 'a' was full again and dropped: it starts over with a full bucket.
    expect(limiter.take('a').allowed).toBe(true);
  });
});
