import { describe, expect, it } from 'vitest';

import { consumeRunEventStream as consume, MemoryRunLog } from '../testing/memory-run-log';
import { RunEventHub } from './run-event-hub';
import { RunEventStreamOverflowError, streamRunEvents } from './stream-run-events';

const runId = '0190a1b2-0000-7000-8000-00000000f001';

async function startedHub(log: MemoryRunLog): Promise<RunEventHub> {
  const hub = new RunEventHub(log, log.read);
  await hub.start();
  return hub;
}

describe('run event fan-out', () => {
  it('reads each commit once for all 100 subscribers and hands every one the same event objects, in order, without gaps', async () => {
    const log = new MemoryRunLog(runId);
    log.commit('run-created', 'run-queued', 'run-started');
    const hub = await startedHub(log);
    const signal = new AbortController().signal;
    const subscribers = Array.from({ length: 100 }, () => consume(streamRunEvents({ hub, finishedSeq: log.finishedSeq }, { runId, afterSeq: 0, signal })));
    await Promise.all(subscribers.map((subscriber) => subscriber.reached(3)));
    // Every subscriber has caught up from the table (one read each, plus its end-of-run check); from here on only commits read.
    log.reads = 0;
    for (let commit = 0; commit < 20; commit += 1) {
      log.commit('step-started', 'step-committed');
      await Promise.all(subscribers.map((subscriber) => subscriber.reached(log.events.length)));
    }
    log.commit('run-finished');
    await Promise.all(subscribers.map((subscriber) => subscriber.done));

    expect(log.reads).toBe(21);
    for (const subscriber of subscribers) {
      expect(subscriber.events.map((event) => event.seq)).toEqual(log.events.map((event) => event.seq));
      // The very same objects: a transport serializes each event once (by identity) for everyone.
      subscriber.events.slice(3).forEach((event, index) => expect(event).toBe(subscribers[0]!.events[3 + index]));
    }
    expect(hub.subscriberCount).toBe(0);
  });

  it('holds a subscriber that stopped reading to its bound, then ends its stream; it resumes from its last seq without gaps', async () => {
    const log = new MemoryRunLog(runId);
    log.commit('run-created', 'run-queued');
    const hub = await startedHub(log);
    const signal = new AbortController().signal;
    const fast = consume(streamRunEvents({ hub, finishedSeq: log.finishedSeq }, { runId, afterSeq: 0, signal, maxBufferedEvents: 5 }));
    let overflows = 0;
    const slow = streamRunEvents({ hub, finishedSeq: log.finishedSeq }, { runId, afterSeq: 0, signal, maxBufferedEvents: 5, onOverflow: () => (overflows += 1) });
    const seen: number[] = [];
    for (let item = await slow.next(); !item.done; item = await slow.next()) {
      if (item.value.kind === 'events') seen.push(...item.value.events.map((event) => event.seq));
      if (seen.at(-1) === 2) break;
    }
    await fast.reached(2);
    // The slow client reads no more. The buffered events never exceed its bound, however much commits.
    let mostBuffered = 0;
    for (let commit = 0; commit < 40; commit += 1) {
      log.commit('text-delta');
      await fast.reached(log.events.length);
      mostBuffered = Math.max(mostBuffered, hub.bufferedEvents(runId));
    }
    expect(mostBuffered).toBeLessThanOrEqual(5);
    expect(overflows).toBe(1);
    expect(hub.bufferedEvents(runId)).toBe(0);
    await expect(slow.next()).rejects.toBeInstanceOf(RunEventStreamOverflowError);

    log.commit('run-finished');
    await fast.done;
    // The client reconnects with Last-Event-ID = the last seq it got and misses nothing.
    const resumed = consume(streamRunEvents({ hub, finishedSeq: log.finishedSeq }, { runId, afterSeq: seen.at(-1)!, signal, maxBufferedEvents: 5 }));
    await resumed.done;
    expect([...seen, ...resumed.events.map((event) => event.seq)]).toEqual(log.events.map((event) => event.seq));
    expect(fast.events.map((event) => event.seq)).toEqual(log.events.map((event) => event.seq));
  });

  it('fills from the table a subscriber that caught up behind the point where the shared reads began', async () => {
    const log = new MemoryRunLog(runId);
    log.commit('run-created', 'run-queued', 'run-started');
    const hub = await startedHub(log);
    const signal = new AbortController().signal;
    const release = log.holdNextRead();
    // Late's catch-up read sees seqs 1–3 but answers only later; meanwhile 4 commits and Early catches up past it.
    const late = consume(streamRunEvents({ hub, finishedSeq: log.finishedSeq }, { runId, afterSeq: 0, signal }));
    while (log.reads === 0) await Promise.resolve();
    log.commit('step-started');
    const early = consume(streamRunEvents({ hub, finishedSeq: log.finishedSeq }, { runId, afterSeq: 0, signal }));
    await early.reached(4);
    release();
    await late.reached(3);
    log.commit('run-finished');
    await Promise.all([late.done, early.done]);
    expect(late.events.map((event) => event.seq)).toEqual([1, 2, 3, 4, 5]);
    // Late was handed seq 5 while it had 3, and read seq 4 (and 5) from the table.
    expect(log.readsAfter.slice(-1)).toEqual([3]);
    expect(early.events.map((event) => event.seq)).toEqual([1, 2, 3, 4, 5]);
  });

  it('falls back to each subscriber reading the table when the shared read fails, still without gaps', async () => {
    const log = new MemoryRunLog(runId);
    log.commit('run-created');
    const hub = await startedHub(log);
    const signal = new AbortController().signal;
    // No heartbeat within the test: a subscriber must re-read when told to, not on its next quiet wakeup.
    const subscribers = Array.from({ length: 3 }, () => consume(streamRunEvents({ hub, finishedSeq: log.finishedSeq }, { runId, afterSeq: 0, signal, heartbeatMs: 3_600_000 })));
    await Promise.all(subscribers.map((subscriber) => subscriber.reached(1)));
    log.failNextRead = true;
    log.commit('step-started');
    await Promise.all(subscribers.map((subscriber) => subscriber.reached(2)));
    log.commit('step-committed', 'run-finished');
    await Promise.all(subscribers.map((subscriber) => subscriber.done));
    for (const subscriber of subscribers) expect(subscriber.events.map((event) => event.seq)).toEqual([1, 2, 3, 4]);
  });

  it('yields the events one commit delivered as one item (one chunk for the transport), the catch-up as one page', async () => {
    const log = new MemoryRunLog(runId);
    log.commit('run-created', 'run-queued', 'run-started');
    const hub = await startedHub(log);
    const stream = streamRunEvents({ hub, finishedSeq: log.finishedSeq }, { runId, afterSeq: 0, signal: new AbortController().signal });
    const batches: number[][] = [];
    const next = async () => {
      const item = await stream.next();
      if (!item.done && item.value.kind === 'events') batches.push(item.value.events.map((event) => event.seq));
      return item;
    };
    await next();
    log.commit('step-started', 'text-delta', 'step-committed');
    await next();
    log.commit('run-finished');
    await next();
    expect((await stream.next()).done).toBe(true);
    expect(batches).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
  });
});
