import type { NotificationListener } from '@agentloom/db';

import { runEventsChannel, type StoredRunEvent } from './run-event';
import { RunEventSubscription, type SubscriptionOptions } from './run-event-subscription';

/** Reads a page of a run's events after a seq, in order (shared among concurrent identical reads). */
export type ReadRunEventsPage = (runId: string, afterSeq: number, limit: number) => Promise<StoredRunEvent[]>;

/** Page size of the hub's reads; a commit rarely writes more, a page this big is read again at once. */
const pageSize = 500;

/** One run's live tail in this process: its subscribers and how far the hub has read for them. */
interface RunTail {
  subscriptions: Set<RunEventSubscription>;
  /** The last seq read for the subscribers; undefined until the first subscriber has caught up. */
  lastSeq: number | undefined;
  reading: boolean;
  /** A notification arrived during a read: read again when it ends. */
  again: boolean;
}

/**
 * One LISTEN per process for run events, and one read per commit for everyone tailing a run in this
 * process: a notification ("run X has new events") makes the hub read the run's new rows once and
 * hand the same event objects to every subscriber's bounded buffer (ADR 0018). Subscribers catch up
 * from the table themselves (after Last-Event-ID) and check the hub's events for gaps, reading the
 * table again when they find one, so delivery stays gap-free and duplicate-free whatever happens
 * to notifications; the table, not the notification, is the source of truth.
 */
export class RunEventHub {
  private readonly tails = new Map<string, RunTail>();
  private release: (() => Promise<void>) | undefined;

  constructor(
    private readonly notifications: NotificationListener,
    /** The hub's reads and subscribers' catch-up reads go through this one function (shared in-flight reads). */
    readonly read: ReadRunEventsPage,
  ) {}

  async start(): Promise<void> {
    this.release = await this.notifications.listen(runEventsChannel, {
      onNotification: (payload) => this.onCommit(payload.split(':')[0] ?? ''),
      // Notifications may have been lost while the connection was down: read every tail again.
      onReconnected: () => {
        for (const runId of this.tails.keys()) this.onCommit(runId);
      },
    });
  }

  subscribe(runId: string, options: SubscriptionOptions): RunEventSubscription {
    let tail = this.tails.get(runId);
    if (!tail) {
      tail = { subscriptions: new Set(), lastSeq: undefined, reading: false, again: false };
      this.tails.set(runId, tail);
    }
    const owner = tail;
    const subscription = new RunEventSubscription(runId, options, (closed) => {
      owner.subscriptions.delete(closed);
      if (owner.subscriptions.size === 0 && this.tails.get(runId) === owner) this.tails.delete(runId);
    });
    tail.subscriptions.add(subscription);
    return subscription;
  }

  /**
   * A subscriber has read the table up to `seq`. The first one to say so gives the tail its
   * starting point; later ones may be behind or ahead of it, which their gap check and seq
   * filter absorb.
   */
  caughtUp(runId: string, seq: number): void {
    const tail = this.tails.get(runId);
    if (!tail || tail.lastSeq !== undefined) return;
    tail.lastSeq = seq;
    if (tail.again) void this.pump(runId, tail);
  }

  /** Number of subscriptions in this process (for metrics). */
  get subscriberCount(): number {
    let count = 0;
    for (const tail of this.tails.values()) count += tail.subscriptions.size;
    return count;
  }

  /** Events held in the buffers of a run's subscribers in this process (bounded per subscriber). */
  bufferedEvents(runId: string): number {
    let count = 0;
    for (const subscription of this.tails.get(runId)?.subscriptions ?? []) count += subscription.bufferedEvents;
    return count;
  }

  async stop(): Promise<void> {
    await this.release?.();
    for (const tail of this.tails.values()) for (const subscription of tail.subscriptions) subscription.notify();
  }

  private onCommit(runId: string): void {
    const tail = this.tails.get(runId);
    if (tail) void this.pump(runId, tail);
  }

  /** Reads the run's new events once and delivers them to every subscriber; one pump per run at a time. */
  private async pump(runId: string, tail: RunTail): Promise<void> {
    if (tail.reading || tail.lastSeq === undefined) {
      // Nobody has caught up yet: the subscribers still reading the table will see these events.
      tail.again = true;
      return;
    }
    tail.reading = true;
    try {
      do {
        tail.again = false;
        for (;;) {
          const page = await this.read(runId, tail.lastSeq, pageSize);
          if (page.length === 0) break;
          tail.lastSeq = page[page.length - 1]!.seq;
          for (const subscription of tail.subscriptions) subscription.deliver(page);
          if (page.length < pageSize) break;
        }
      } while (tail.again && tail.subscriptions.size > 0);
    } catch {
      // The database is unreachable or the read failed: each subscriber reads (and reports) for itself.
      for (const subscription of tail.subscriptions) subscription.notify();
    } finally {
      tail.reading = false;
    }
  }
}
