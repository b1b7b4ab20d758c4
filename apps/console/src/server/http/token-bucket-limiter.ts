/** The answer for one request: allowed, or refused with how long until a token is available. */
export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

interface Bucket {
  tokens: number;
  updatedAt: number;
}

/**
 * Token buckets per key, in this process: each key holds up to `burst` tokens, refilled at
 * `perMinute / 60` per second; a request takes one. In-process is enough for one console (several
 * consoles behind a balancer each allow the rate, which is a stated, bounded looseness). Full
 * buckets carry no information, so they are dropped once the map grows, keeping memory bounded.
 */
export class TokenBucketLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly refillPerMs: number;

  constructor(
    readonly perMinute: number,
    readonly burst: number,
    private readonly now: () => number = Date.now,
    private readonly maximumKeys = 10_000,
  ) {
    this.refillPerMs = perMinute / 60_000;
  }

  take(key: string): RateDecision {
    const now = this.now();
    const bucket = this.refilled(key, now);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { allowed: true };
    }
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / this.refillPerMs / 1_000)) };
  }

  /** Keys with a bucket in memory: what the bound on memory is about. */
  get trackedKeys(): number {
    return this.buckets.size;
  }

  private refilled(key: string, now: number): Bucket {
    let bucket = this.buckets.get(key);
    if (bucket === undefined) {
      if (this.buckets.size >= this.maximumKeys) this.dropFullBuckets(now);
      bucket = { tokens: this.burst, updatedAt: now };
      this.buckets.set(key, bucket);
      return bucket;
    }
    bucket.tokens = Math.min(this.burst, bucket.tokens + (now - bucket.updatedAt) * this.refillPerMs);
    bucket.updatedAt = now;
    return bucket;
  }

  private dropFullBuckets(now: number): void {
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + (now - bucket.updatedAt) * this.refillPerMs >= this.burst) this.buckets.delete(key);
    }
  }
}
