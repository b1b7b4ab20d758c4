import type { Database } from '@agentloom/db';

import { runEventsChannel } from './run-event';

/**
 * A reader's interest in one run. A notification that arrives while the reader is busy reading is
 * remembered (`pending`), so the next `wait` returns at once and nothing slips between a read and
 * the next wait.
 */
export class RunEventSubscription {
  private pending = false;
  private wake: (() => void) | undefined;

  constructor(
    readonly runId: string,
    private readonly onClose: (subscription: RunEventSubscription) => void,
  ) {}

  /** Resolves true on a notification, false after `timeoutMs` or when `signal` aborts. */
  wait(timeoutMs: number, signal?: AbortSignal): Promise<boolean> {
    if (this.pending) {
      this.pending = false;
      return Promise.resolve(true);
    }
    return new Promise((resolve) => {
      const finish = (notified: boolean) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        this.wake = undefined;
        this.pending = false;
        resolve(notified);
      };
      const onAbort = () => finish(false);
      const timer = setTimeout(() => finish(false), timeoutMs);
      signal?.addEventListener('abort', onAbort, { once: true });
      this.wake = () => finish(true);
    });
  }

  notify(): void {
    if (this.wake) this.wake();
    else this.pending = true;
  }

  close(): void {
    this.onClose(this);
    this.wake?.();
  }
}

/**
 * One LISTEN per process for run events, fanned out to everyone tailing a run in this process.
 * It only says "run X has new events"; readers fetch them from the table after their last seq,
 * which is what makes delivery gap-free and duplicate-free whatever happens to notifications.
 */
export class RunEventHub {
  private readonly subscriptions = new Map<string, Set<RunEventSubscription>>();
  private release: (() => Promise<void>) | undefined;

  constructor(private readonly database: Database) {}

  async start(): Promise<void> {
    this.release = await this.database.notifications.listen(runEventsChannel, {
      onNotification: (payload) => this.notify(payload.split(':')[0] ?? ''),
      // Notifications may have been lost while the connection was down: wake everyone to re-read.
      onReconnected: () => {
        for (const runId of this.subscriptions.keys()) this.notify(runId);
      },
    });
  }

  subscribe(runId: string): RunEventSubscription {
    const subscription = new RunEventSubscription(runId, (closed) => {
      const set = this.subscriptions.get(runId);
      set?.delete(closed);
      if (set?.size === 0) this.subscriptions.delete(runId);
    });
    const set = this.subscriptions.get(runId) ?? new Set<RunEventSubscription>();
    set.add(subscription);
    this.subscriptions.set(runId, set);
    return subscription;
  }

  /** Number of subscriptions in this process (for metrics). */
  get subscriberCount(): number {
    let count = 0;
    for (const set of this.subscriptions.values()) count += set.size;
    return count;
  }

  async stop(): Promise<void> {
    await this.release?.();
    for (const set of this.subscriptions.values()) for (const subscription of set) subscription.notify();
  }

  private notify(runId: string): void {
    for (const subscription of this.subscriptions.get(runId) ?? []) subscription.notify();
  }
}
