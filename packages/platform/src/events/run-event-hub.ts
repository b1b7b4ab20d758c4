import type { NotificationListener } from '@agentloom/db';

import { runErasedMarker, runEventsChannel, type StoredRunEvent } from './run-event';
import { RunEventSubscription, type SubscriptionOptions } from './run-event-subscription';
import type { RunEventWatchers, WatchHold } from './run-event-watchers';

/** Reads a page of a run's events after a seq, in order (shared among concurrent identical reads). */
export type ReadRunEventsPage = (runId: string, afterSeq: number, limit: number) => Promise<StoredRunEvent[]>;

/** Page size of the hub's reads; a commit rarely writes more, a page this big is read again at once. */
const pageSize = 500;

/**
 * When a tail is read again after its first subscriber caught up (ADR 0091): a writer that tested for
 * watchers before the run's row was committed, and committed after the catch-up read, sent no
 * notification. Such a writer is normally found as soon as it commits, by waiting for the run's row
 * (ADR 0098); these reads are for what that wait does not cover (a claim of a queued run, a writer that
 * held the row past the wait's timeout). The watcher refresh (10 s) stays the last resort.
 */
export const settleReadDelaysMs: readonly number[] = [100, 1_000];

function scheduleSettleReadsByTimer(read: () => void): void {
  for (const delay of settleReadDelaysMs) setTimeout(read, delay).unref();
}

/** One run's live tail in this process: its subscribers and how far the hub has read for them. */
interface RunTail {
  subscriptions: Set<RunEventSubscription>;
  /** The last seq read for the subscribers; undefined until the first subscriber has caught up. */
  lastSeq: number | undefined;
  reading: boolean;
  /** A notification arrived during a read: read again when it ends. */
  again: boolean;
  /** The run's row in `run_event_watchers`: writers notify only while it is live (ADR 0038). */
  watch: WatchHold | undefined;
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
    /**
     * Registers the runs this process tails, so writers notify for them (ADR 0038). Without it the
     * hub relies on writers notifying for every run (tests that notify by hand).
     */
    private readonly watchers?: RunEventWatchers,
    /** Runs `read` at the settle-read delays; tests pass their own to decide when. */
    private readonly scheduleSettleReads: (read: () => void) => void = scheduleSettleReadsByTimer,
  ) {}

  async start(): Promise<void> {
    this.release = await this.notifications.listen(runEventsChannel, {
      onNotification: (payload) => {
        const [runId = '', seq] = payload.split(':');
        if (seq === runErasedMarker) this.endErasedRuns([runId]);
        else this.onCommit(runId);
      },
      // Notifications may have been lost while the connection was down, and a restarted server has
      // forgotten the watcher rows: register them again (which finds the runs erased meanwhile), then
      // read every tail again.
      onReconnected: () => {
        void (this.watchers?.refresh() ?? Promise.resolve([])).then((goneRunIds) => this.readEveryTail(goneRunIds));
      },
    });
    this.watchers?.start();
  }

  /**
   * Resolves once writers notify for this run (its watcher row is committed). A subscriber waits for
   * it before its catch-up read, so a commit it does not read is one that notifies; a commit that was in
   * flight while the row was written is read once it commits (ADR 0098) or by the settle reads after
   * the first catch-up (ADR 0091), and at the latest by the periodic refresh, which reads every tail once more.
   */
  watching(runId: string): Promise<void> {
    return this.tails.get(runId)?.watch?.ready ?? Promise.resolve();
  }

  /**
   * Reads every tail (after a reconnect, and on each watcher refresh), after ending the tails of
   * `goneRunIds`: runs the refresh found erased, whose notification this process may have missed.
   */
  readEveryTail(goneRunIds: readonly string[] = []): void {
    this.endErasedRuns(goneRunIds);
    for (const runId of this.tails.keys()) this.onCommit(runId);
  }

  /**
   * These runs were erased (ADR 0104): their subscribers' buffers hold erased content, so they are emptied,
   * and their streams end without sending anything more; the tail and its watcher row go at once. Called
   * when the erase's notification arrives, by an erase in this process as soon as it commits (the
   * notification may come later), and for the runs a watcher refresh found gone. No cost per event: an
   * erase is a notification of its own.
   */
  endErasedRuns(runIds: Iterable<string>): void {
    for (const runId of runIds) {
      const tail = this.tails.get(runId);
      if (!tail) continue;
      this.tails.delete(runId);
      tail.watch?.release();
      for (const subscription of tail.subscriptions) subscription.endErased();
      // A read in flight delivers to nobody; the subscriptions' own close finds the tail gone.
      tail.subscriptions.clear();
    }
  }

  subscribe(runId: string, options: SubscriptionOptions): RunEventSubscription {
    let tail = this.tails.get(runId);
    if (!tail) {
      tail = { subscriptions: new Set(), lastSeq: undefined, reading: false, again: false, watch: this.watchers?.watch({ runId }) };
      this.tails.set(runId, tail);
    }
    const owner = tail;
    const subscription = new RunEventSubscription(runId, options, (closed) => {
      owner.subscriptions.delete(closed);
      if (owner.subscriptions.size === 0 && this.tails.get(runId) === owner) {
        this.tails.delete(runId);
        owner.watch?.release();
      }
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
    if (tail.watch) {
      const readAgain = () => (this.tails.get(runId) === tail ? void this.pump(runId, tail) : undefined);
      // A commit that raced the registration: read once its writer is done (ADR 0098); the settle reads
      // find what that wait cannot (a claim of a queued run, a writer that held the row past the timeout).
      void this.watchers?.writersSettled(runId).then(readAgain);
      this.scheduleSettleReads(readAgain);
    }
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
    await this.watchers?.stop();
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
