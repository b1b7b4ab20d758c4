import { afterEach, describe, expect, it, vi } from 'vitest';

import { consumeRunEventStream, MemoryRunLog } from '../testing/memory-run-log';
import { RunEventHub } from './run-event-hub';
import { RunEventStreamOverflowError, streamRunEvents, type RunEventStreamItem, type StreamRunEventsOptions } from './stream-run-events';

const runId = '0190a1b2-0000-7000-8000-00000000f002';

async function streamOf(log: MemoryRunLog, options: Partial<StreamRunEventsOptions> = {}) {
  const hub = new RunEventHub(log, log.read);
  await hub.start();
  const stream = streamRunEvents({ hub, finishedSeq: log.finishedSeq }, { runId, afterSeq: 0, signal: new AbortController().signal, ...options });
  return { hub, stream };
}

/** The seqs an item carries; undefined for a heartbeat or the end. */
const seqsOf = (result: IteratorResult<RunEventStreamItem, unknown>) => (result.done || result.value.kind !== 'events' ? undefined : result.value.events.map((event) => event.seq));
const isHeartbeat = (result: IteratorResult<RunEventStreamItem, unknown>) => !result.done && result.value.kind === 'heartbeat';

describe('streamRunEvents: where a stream ends', () => {
  it('ends without a frame when the client already has run-finished, or resumes past it', async () => {
    const log = new MemoryRunLog(runId);
    log.append('run-created', 'run-started', 'run-finished');
    for (const afterSeq of [3, 7]) {
      const { hub, stream } = await streamOf(log, { afterSeq });
      expect(await stream.next()).toEqual({ done: true, value: undefined });
      expect(hub.subscriberCount).toBe(0);
    }
  });

  it('keeps a live run open after the catch-up and asks whether it finished only once', async () => {
    const log = new MemoryRunLog(runId);
    log.append('run-created', 'run-started');
    let finishedChecks = 0;
    const hub = new RunEventHub(log, log.read);
    await hub.start();
    const finishedSeq = () => ((finishedChecks += 1), log.finishedSeq());
    const consumed = consumeRunEventStream(streamRunEvents({ hub, finishedSeq }, { runId, afterSeq: 2, signal: new AbortController().signal }));
    log.commit('step-started');
    await consumed.reached(3);
    log.commit('run-finished');
    await consumed.done;
    expect(consumed.events.map((event) => event.seq)).toEqual([3, 4]);
    expect(finishedChecks).toBe(1);
  });

  it('sends nothing after run-finished, from the table or from a commit', async () => {
    const fromTable = new MemoryRunLog(runId);
    fromTable.append('run-created', 'run-finished', 'custom');
    let finishedChecks = 0;
    const hub = new RunEventHub(fromTable, fromTable.read);
    const finishedSeq = () => ((finishedChecks += 1), fromTable.finishedSeq());
    const table = consumeRunEventStream(streamRunEvents({ hub, finishedSeq }, { runId, afterSeq: 0, signal: new AbortController().signal }));
    await table.done;
    expect(table.events.map((event) => event.seq)).toEqual([1, 2]);
    // The end was in the replayed page: nothing to ask.
    expect(finishedChecks).toBe(0);

    const fromCommit = new MemoryRunLog(runId);
    fromCommit.append('run-created');
    const live = consumeRunEventStream((await streamOf(fromCommit)).stream);
    await live.reached(1);
    fromCommit.commit('run-finished', 'custom');
    await live.done;
    expect(live.events.map((event) => event.seq)).toEqual([1, 2]);
  });
});

describe('streamRunEvents: catch-up pages', () => {
  it('replays a long log in pages of 500 and then tails it', async () => {
    const log = new MemoryRunLog(runId);
    log.append(...Array.from({ length: 1_000 }, () => 'text-delta'));
    const { stream } = await streamOf(log);
    const first = await stream.next();
    const second = await stream.next();
    expect(seqsOf(first)).toEqual(Array.from({ length: 500 }, (_, index) => index + 1));
    expect(seqsOf(second)).toEqual(Array.from({ length: 500 }, (_, index) => index + 501));
    // Exactly two full pages: the third read finds nothing, so the stream has caught up and tails the run.
    const tailed = stream.next();
    log.commit('run-finished');
    expect(seqsOf(await tailed)).toEqual([1_001]);
    expect((await stream.next()).done).toBe(true);
  });
});

describe('streamRunEvents: quiet streams and clients that leave', () => {
  it('yields a heartbeat while nothing commits, then the next commit', async () => {
    const log = new MemoryRunLog(runId);
    log.append('run-created');
    const { stream } = await streamOf(log, { heartbeatMs: 1 });
    expect(seqsOf(await stream.next())).toEqual([1]);
    expect(isHeartbeat(await stream.next())).toBe(true);
    const next = stream.next();
    log.commit('run-finished');
    // Heartbeats may come before the commit lands; the commit arrives after them.
    let item = await next;
    while (isHeartbeat(item)) item = await stream.next();
    expect(seqsOf(item)).toEqual([2]);
  });

  it('ends a waiting stream when its client goes away, with no heartbeat after, and leaves no subscriber behind', async () => {
    const log = new MemoryRunLog(runId);
    log.append('run-created');
    const client = new AbortController();
    const { hub, stream } = await streamOf(log, { signal: client.signal });
    await stream.next();
    expect(hub.subscriberCount).toBe(1);
    const waiting = stream.next();
    client.abort();
    expect(await waiting).toEqual({ done: true, value: undefined });
    expect(hub.subscriberCount).toBe(0);
  });

  it('opens nothing for a client that was gone before the stream started', async () => {
    const log = new MemoryRunLog(runId);
    log.append('run-created');
    const client = new AbortController();
    client.abort();
    const { hub, stream } = await streamOf(log, { signal: client.signal });
    expect(await stream.next()).toEqual({ done: true, value: undefined });
    expect(log.reads).toBe(0);
    expect(hub.subscriberCount).toBe(0);
  });
});

describe('streamRunEvents: reading the table again', () => {
  it('after a failed shared read, reads the table without asking again whether the run finished', async () => {
    const log = new MemoryRunLog(runId);
    log.append('run-created');
    let finishedChecks = 0;
    const hub = new RunEventHub(log, log.read);
    await hub.start();
    const finishedSeq = () => ((finishedChecks += 1), log.finishedSeq());
    const stream = consumeRunEventStream(streamRunEvents({ hub, finishedSeq }, { runId, afterSeq: 0, signal: new AbortController().signal, heartbeatMs: 3_600_000 }));
    await stream.reached(1);
    log.failNextRead = true;
    log.commit('step-started');
    await stream.reached(2);
    log.commit('run-finished');
    await stream.done;
    expect(finishedChecks).toBe(1);
    expect(stream.events.map((event) => event.seq)).toEqual([1, 2, 3]);
  });
});

describe('streamRunEvents: defaults', () => {
  afterEach(() => void vi.useRealTimers());

  it('heartbeats after 15 s of quiet by default', async () => {
    vi.useFakeTimers();
    const log = new MemoryRunLog(runId);
    log.append('run-created');
    const { stream } = await streamOf(log);
    await stream.next();
    let heartbeat = false;
    const next = stream.next().then((result) => (heartbeat = isHeartbeat(result)));
    await vi.advanceTimersByTimeAsync(14_999);
    expect(heartbeat).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await next;
    expect(heartbeat).toBe(true);
    await stream.return(undefined);
  });

  it('names the run and the bound when a client falls too far behind', () => {
    const error = new RunEventStreamOverflowError(runId, 1_000);
    expect(error.name).toBe('RunEventStreamOverflowError');
    expect(error.message).toContain(runId);
    expect(error.message).toContain('1000 events');
  });
});

