import type { Database } from '@agentloom/db';

import { PollWaiter } from '../execution/poll-waiter';
import type { Logger } from '../logging/logger';
import type { SecretBox } from '../secrets/secret-box';
import { webhookDeliveriesChannel } from './enqueue-webhook-deliveries';
import { sendWebhook } from './send-webhook';
import { retryDelayMs, type WebhookConfig } from './webhook-config';
import { claimDeliveries, failAbandonedDeliveries, recordDeliveryOutcome, stillHoldsDelivery, type ClaimedDelivery } from './webhook-delivery-claims';
import type { WebhookTargetGuard } from './webhook-target-guard';

/**
 * Sends due webhook deliveries from the executor's process, up to `concurrency` at once. Like the
 * run executor it coordinates only through Postgres: claims with SKIP LOCKED, a lease per claimed
 * delivery (a process that dies leaves rows that become due again), NOTIFY wake-ups when
 * deliveries commit, and polling as the fallback.
 */
export class WebhookDispatcher {
  private state: 'idle' | 'running' | 'stopping' | 'stopped' = 'idle';
  private readonly inFlight = new Map<string, Promise<void>>();
  private loop: Promise<void> | undefined;
  private release: (() => Promise<void>) | undefined;
  private readonly waiter: PollWaiter;

  constructor(
    private readonly database: Database,
    private readonly guard: WebhookTargetGuard,
    private readonly config: WebhookConfig,
    private readonly owner: string,
    private readonly logger: Logger,
    /** Opens the stored signing secrets (sealed at rest). */
    private readonly secrets: SecretBox,
  ) {
    this.waiter = new PollWaiter(config.pollMs);
  }

  async start(): Promise<void> {
    if (this.state !== 'idle') return;
    this.state = 'running';
    this.release = await this.database.notifications.listen(webhookDeliveriesChannel, { onNotification: () => this.wake(), onReconnected: () => this.wake() });
    this.loop = this.dispatchLoop();
  }

  /** Looks for due deliveries now instead of at the next poll. */
  wake(): void {
    this.waiter.wake();
  }

  /** Stops claiming and waits for attempts in flight (each bounded by the request timeout). */
  async stop(): Promise<void> {
    if (this.state !== 'running') return;
    this.state = 'stopping';
    this.wake();
    await this.loop;
    await Promise.all(this.inFlight.values());
    await this.release?.().catch(() => undefined);
    this.state = 'stopped';
  }

  private async dispatchLoop(): Promise<void> {
    while (this.state === 'running') {
      const free = this.config.concurrency - this.inFlight.size;
      let claimed: ClaimedDelivery[] = [];
      if (free > 0) {
        this.waiter.claiming();
        try {
          await failAbandonedDeliveries(this.database.prisma, this.config.maxAttempts);
          claimed = await claimDeliveries(this.database.prisma, this.owner, free, this.config.leaseMs, this.config.maxAttempts);
        } catch (error) {
          this.logger.warn('Claiming webhook deliveries failed; retrying', { error: error instanceof Error ? error.message : String(error) });
        }
        for (const delivery of claimed) this.deliver(delivery);
      }
      if (claimed.length === 0 || this.inFlight.size >= this.config.concurrency) await this.waiter.wait(this.inFlight.size < this.config.concurrency);
    }
  }

  private deliver(delivery: ClaimedDelivery): void {
    const done = Promise.resolve()
      .then(() =>
        sendWebhook({ ...delivery, secret: this.secrets.open(delivery.secret) }, this.guard, this.config.requestTimeoutMs, () =>
          stillHoldsDelivery(this.database.prisma, this.owner, delivery),
        ),
      )
      .then((outcome) =>
        recordDeliveryOutcome(this.database.prisma, this.owner, delivery, outcome, {
          maxAttempts: this.config.maxAttempts,
          retryDelayMs: retryDelayMs(this.config, delivery.attempt),
        }),
      )
      // The lease expires and another attempt follows; nothing else to do here.
      .catch((error: unknown) =>
        this.logger.warn(`Recording webhook delivery ${delivery.id} failed`, { error: error instanceof Error ? error.message : String(error) }),
      )
      .finally(() => {
        this.inFlight.delete(delivery.id);
        this.wake();
      });
    this.inFlight.set(delivery.id, done);
  }
}
