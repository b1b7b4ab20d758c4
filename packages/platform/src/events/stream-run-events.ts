import type { StoredRunEvent } from './run-event';
import type { RunEventHub } from './run-event-hub';
import type { SharedRunEventReader } from './shared-run-event-reader';

export type RunEventStreamItem = { kind: 'event'; event: StoredRunEvent } | { kind: 'heartbeat' };

export interface StreamRunEventsOptions {
  runId: string;
  /** Last seq the client has; 0 replays from the start. */
  afterSeq: number;
  signal: AbortSignal;
  /** Quiet time after which a heartbeat is yielded. */
  heartbeatMs?: number;
}

const batchSize = 500;

/**
 * Replays a run's events after `afterSeq`, then tails new ones as they commit; yields heartbeats
 * while quiet and ends after `run-finished` — also when the client already has it (a reconnect
 * after the end), instead of heartbeating forever. No TTL: a client can reconnect days later. The
 * caller checks tenant access first.
 */
export async function* streamRunEvents(
  dependencies: { reader: SharedRunEventReader; hub: RunEventHub; finishedSeq: (runId: string) => Promise<number | null> },
  options: StreamRunEventsOptions,
): AsyncGenerator<RunEventStreamItem> {
  const subscription = dependencies.hub.subscribe(options.runId);
  let lastSeq = options.afterSeq;
  let checkedFinished = false;
  try {
    while (!options.signal.aborted) {
      const batch = await dependencies.reader.read(options.runId, lastSeq, batchSize);
      for (const event of batch) {
        yield { kind: 'event', event };
        lastSeq = event.seq;
        if (event.type === 'run-finished') return;
      }
      if (batch.length === batchSize) continue;
      // Caught up without seeing `run-finished`: either the run is live (its end will arrive
      // through the tail) or the client resumed at or past the end. Checked once: a run that is not
      // finished now ends through the tail.
      if (!checkedFinished) {
        checkedFinished = true;
        const finishedSeq = await dependencies.finishedSeq(options.runId);
        if (finishedSeq !== null && lastSeq >= finishedSeq) return;
      }
      const notified = await subscription.wait(options.heartbeatMs ?? 15_000, options.signal);
      if (!notified && !options.signal.aborted) yield { kind: 'heartbeat' };
    }
  } finally {
    subscription.close();
  }
}
