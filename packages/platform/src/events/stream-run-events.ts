import type { StoredRunEvent } from './run-event';
import type { RunEventHub } from './run-event-hub';

/**
 * What a stream yields: the events that are ready, in seq order and without gaps (a catch-up page,
 * or what one commit delivered), or a heartbeat. Events come in batches so a transport writes one
 * chunk per commit for a subscriber, not one per event: with hundreds of subscribers the per-chunk
 * cost (stream plumbing, a socket write each) is what fan-out latency is made of (issue 12).
 */
export type RunEventStreamItem = { kind: 'events'; events: readonly StoredRunEvent[] } | { kind: 'heartbeat' };

/** A stream whose subscriber fell too far behind: it ends, and the client resumes from its last seq. */
export class RunEventStreamOverflowError extends Error {
  override readonly name = 'RunEventStreamOverflowError';

  constructor(runId: string, maxBufferedEvents: number) {
    super(`Run ${runId}: more than ${maxBufferedEvents} events waited for this stream's client; closed so it resumes with Last-Event-ID.`);
  }
}

export interface StreamRunEventsOptions {
  runId: string;
  /** Last seq the client has; 0 replays from the start. */
  afterSeq: number;
  signal: AbortSignal;
  /** Quiet time after which a heartbeat is yielded. */
  heartbeatMs?: number;
  /** Live events held for a client that has not taken them; one more ends the stream. Default 1,000. */
  maxBufferedEvents?: number;
  /**
   * Called when the buffer overflows, possibly while the consumer is not reading (a client that
   * stopped reading never asks for the next item): the transport should drop the connection. The
   * generator itself throws `RunEventStreamOverflowError` when next asked.
   */
  onOverflow?: () => void;
}

const batchSize = 500;
export const defaultMaxBufferedEvents = 1_000;

/**
 * Replays a run's events after `afterSeq` from the table, then tails new ones as they commit — from
 * the hub, which reads each commit once for every subscriber in this process; yields heartbeats
 * while quiet and ends after `run-finished` — also when the client already has it (a reconnect
 * after the end), instead of heartbeating forever. No TTL: a client can reconnect days later. The
 * caller checks tenant access first. It also ends, sending nothing more, once the hub says the run was
 * erased (ADR 0104): events read or buffered before the erase are erased content by then.
 */
export async function* streamRunEvents(
  dependencies: { hub: RunEventHub; finishedSeq: (runId: string) => Promise<number | null> },
  options: StreamRunEventsOptions,
): AsyncGenerator<RunEventStreamItem> {
  const { hub, finishedSeq } = dependencies;
  const maxBufferedEvents = options.maxBufferedEvents ?? defaultMaxBufferedEvents;
  // Subscribed before the first read, so whatever commits during the catch-up reaches the buffer.
  const subscription = hub.subscribe(options.runId, { maxBufferedEvents, ...(options.onOverflow ? { onOverflow: options.onOverflow } : {}) });
  let lastSeq = options.afterSeq;
  let checkedFinished = false;
  let catchUp = true;
  try {
    // Writers notify for this run from here on (ADR 0038): whatever the catch-up read misses is announced.
    await hub.watching(options.runId);
    while (!options.signal.aborted) {
      // Checked after every wait and yield: what the buffer held was dropped with the run.
      if (subscription.runErased) return;
      if (subscription.hasOverflowed) throw new RunEventStreamOverflowError(options.runId, maxBufferedEvents);
      if (catchUp) {
        catchUp = false;
        const batch = await hub.read(options.runId, lastSeq, batchSize);
        if (batch.length < batchSize) {
          // Caught up. Without `run-finished` in sight, either the run is live (its end will arrive
          // through the tail) or the client resumed at or past the end. Checked once: a run that is
          // not finished now ends through the tail.
          if (!checkedFinished && !batch.some((event) => event.type === 'run-finished')) {
            checkedFinished = true;
            // A finished run's end is in the batch unless the client already has it (nothing follows it).
            const finished = await finishedSeq(options.runId);
            if (finished !== null && lastSeq >= finished) return;
          }
          // Said before yielding: a client that stops reading mid-batch must still have its buffer
          // filled (and overflow), not leave the hub waiting for it to catch up.
          hub.caughtUp(options.runId, batch.at(-1)?.seq ?? lastSeq);
        } else {
          catchUp = true;
        }
        // The run may have been erased while this page was read (before the erase committed): drop it.
        if (subscription.runErased) return;
        const ready = throughFinished(batch);
        if (ready.length > 0) {
          yield { kind: 'events', events: ready };
          lastSeq = ready.at(-1)!.seq;
          if (ready.at(-1)!.type === 'run-finished') return;
        }
        continue;
      }
      const delivery = subscription.take();
      const ready: StoredRunEvent[] = [];
      for (const event of delivery.events) {
        if (event.seq <= lastSeq + ready.length) continue;
        // The hub's events start past ours (it began reading before we caught up): fill from the table.
        if (event.seq !== lastSeq + ready.length + 1) {
          catchUp = true;
          break;
        }
        ready.push(event);
        if (event.type === 'run-finished') break;
      }
      if (ready.length > 0) {
        yield { kind: 'events', events: ready };
        lastSeq = ready.at(-1)!.seq;
        if (ready.at(-1)!.type === 'run-finished') return;
      }
      if (delivery.reread) catchUp = true;
      if (catchUp || delivery.events.length > 0) continue;
      const woken = await subscription.wait(options.heartbeatMs ?? 15_000, options.signal);
      if (!woken && !options.signal.aborted) yield { kind: 'heartbeat' };
    }
  } finally {
    subscription.close();
  }
}

/** The events up to and including `run-finished`: nothing after the end is ever sent. */
function throughFinished(events: readonly StoredRunEvent[]): readonly StoredRunEvent[] {
  const finished = events.findIndex((event) => event.type === 'run-finished');
  return finished === -1 ? events : events.slice(0, finished + 1);
}
