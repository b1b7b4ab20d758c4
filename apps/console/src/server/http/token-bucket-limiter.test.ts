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

  it('counts the wait from a partly refilled bucket', () => {
    let now = 0;
    // One token every 10 s.
    const limiter = new TokenBucketLimiter(6, 1, () => now);
    expect(limiter.take('key').allowed).toBe(true);
    now += 5_000;
    expect(limiter.take('key')).toEqual({ allowed: false, retryAfterSeconds: 5 });
    now += 4_500;
    expect(limiter.take('key')).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });

  it('forgets full buckets once it holds too many keys, and only full ones', () => {
    let now = 10_000;
    // One token a second, two at most, three keys before it forgets.
    const limiter = new TokenBucketLimiter(60, 2, () => now, 3);
    limiter.take('drained');
    limiter.take('drained');
    limiter.take('b');
    limiter.take('c');
    expect(limiter.trackedKeys).toBe(3);
    now += 1_000;
    // 'b' and 'c' are full again (exactly the burst); 'drained' has one token of two.
    limiter.take('d');
    expect(limiter.trackedKeys).toBe(2);
    // Had 'drained' been forgotten it would start over with two tokens.
    expect(limiter.take('drained').allowed).toBe(true);
    expect(limiter.take('drained').allowed).toBe(false);
  });

  it('forgets nothing while it holds fewer keys than its bound', () => {
    let now = 0;
    const limiter = new TokenBucketLimiter(60, 1, () => now, 3);
    limiter.take('a');
    limiter.take('b');
    now += 5_000;
    limiter.take('c');
    expect(limiter.trackedKeys).toBe(3);
  });
});
