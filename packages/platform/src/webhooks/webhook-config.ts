/** How webhooks are delivered; every field has a production default. */
export interface WebhookConfig {
  /**
   * Hostnames, addresses or CIDRs the SSRF guard lets through although they are private (e.g.
   * `['127.0.0.1']` for a test receiver). Empty by default: loopback, private, link-local and
   * metadata targets are refused, at creation and again at every delivery.
   */
  allowPrivateTargets: readonly string[];
  /** Attempts before a delivery is marked `failed`. */
  maxAttempts: number;
  /** First retry delay; each further retry doubles it, up to `maxRetryDelayMs`, with jitter. */
  retryBaseMs: number;
  maxRetryDelayMs: number;
  /** How long one attempt may take (connect + response) before it counts as failed. */
  requestTimeoutMs: number;
  /** How long a claimed delivery belongs to its process; after that another process retries it. */
  leaseMs: number;
  /** Fallback polling when no notification arrives. */
  pollMs: number;
  /** Deliveries sent at once by one process. */
  concurrency: number;
}

export const defaultWebhookConfig: WebhookConfig = {
  allowPrivateTargets: [],
  // 10 s doubling to a 1 h cap: ten attempts span about 2.5 hours.
  maxAttempts: 10,
  retryBaseMs: 10_000,
  maxRetryDelayMs: 3_600_000,
  requestTimeoutMs: 10_000,
  leaseMs: 60_000,
  pollMs: 1_000,
  concurrency: 4,
};

/**
 * The wait before the next attempt after `attempts` failed ones: exponential, capped, with "equal
 * jitter" (half fixed, half random) so receivers recovering from an outage are not hit by every
 * sender at the same instant, while the delay still grows.
 */
export function retryDelayMs(config: Pick<WebhookConfig, 'retryBaseMs' | 'maxRetryDelayMs'>, attempts: number, random: () => number = Math.random): number {
  const exponential = Math.min(config.maxRetryDelayMs, config.retryBaseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(exponential / 2 + (random() * exponential) / 2);
}
