import { describe, expect, it } from 'vitest';

import { consumeRunEventStream, MemoryRunLog } from '../testing/memory-run-log';
import { RunEventHub } from './run-event-hub';
import { streamRunEvents } from './stream-run-events';

const runId = '0190a1b2-0000-7000-8000-00000000f003';
const otherRunId = '0190a1b2-0000-7000-8000-00000000f004';

async function startedHub(log: MemoryRunLog): Promise<RunEventHub> {
  const hub = new RunEventHub(log, log.read);
  await hub.start();
  return hub;
}

/** A stream of `runId` from its first event, on `hub`, ended by `signal` (by default never). */
function openStream(hub: RunEventHub, log: MemoryRunLog, signal = new AbortController().signal) {
  return streamRunEvents({ hub, finishedSeq: log.finishedSeq }, { runId, afterSeq: 0, signal });
}

async function tailing(log: MemoryRunLog, subscribers = 1) {
  const hub = await startedHub(log);
  const signal = new AbortController().signal;
  const streams = Array.from({ length: subscribers }, () => consumeRunEventStream(openStream(hub, log, signal)));
  await Promise.all(streams.map((stream) => stream.reached(log.events.length)));
  log.reads = 0;
  log.readsAfter.length = 0;
  return { hub, streams };
}

const seqsTo = (last: number) => Array.from({ length: last }, (_, index) => index + 1);

describe('RunEventHub', () => {
  it('reads again, once, for a commit that landed while its read was in flight', async () => {
    const log = new MemoryRunLog(runId);
    log.append('run-created');
    const { streams } = await tailing(log, 3);
    const release = log.holdNextRead();
    log.commit('step-started');
    log.commit('step-committed');
    release();
    await Promise.all(streams.map((stream) => stream.reached(3)));
    expect(log.reads).toBe(2);
    log.commit('run-finished');
    await Promise.all(streams.map((stream) => stream.done));
    for (const stream of streams) expect(stream.events.map((event) => event.seq)).toEqual(seqsTo(4));
  });

  it('reads a commit bigger than a page in pages, for everyone at once', async () => {
    const log = new MemoryRunLog(runId);
    log.append('run-created');
    const { streams } = await tailing(log, 2);
    log.commit(...Array.from({ length: 1_199 }, () => 'text-delta'), 'run-finished');
    await Promise.all(streams.map((stream) => stream.done));
    // 500 + 500 + 200 rows: three reads for both subscribers, and a short page ends the loop.
    expect(log.reads).toBe(3);
    for (const stream of streams) expect(stream.events.map((event) => event.seq)).toEqual(seqsTo(1_201));
  });

  it('reads nothing for a run nobody here tails', async () => {
    const log = new MemoryRunLog(runId);
    log.append('run-created');
    const { hub } = await tailing(log);
    log.notify(otherRunId);
    log.notify('');
    expect(log.reads).toBe(0);
    expect(hub.subscriberCount).toBe(1);
  });

  it('holds a commit announced before anyone caught up and reads it once the first subscriber has', async () => {
    const log = new MemoryRunLog(runId);
    log.append('run-created');
    const hub = await startedHub(log);
    const release = log.holdNextRead();
    const stream = consumeRunEventStream(openStream(hub, log));
    // The catch-up read saw seq 1 only; this commit is announced while it is held.
    log.commit('step-started');
    release();
    await stream.reached(2);
    log.commit('run-finished');
    await stream.done;
    expect(stream.events.map((event) => event.seq)).toEqual(seqsTo(3));
  });

  it('reads every tail again after the listening connection comes back (notifications may be lost)', async () => {
    const log = new MemoryRunLog(runId);
    log.append('run-created');
    const { streams } = await tailing(log, 2);
    log.append('step-started', 'run-finished');
    log.reconnect();
    await Promise.all(streams.map((stream) => stream.done));
    expect(log.reads).toBe(1);
    for (const stream of streams) expect(stream.events.map((event) => event.seq)).toEqual(seqsTo(3));
  });

  it('on stop releases its LISTEN and sends every subscriber to read the table itself', async () => {
    const log = new MemoryRunLog(runId);
    log.append('run-created');
    const { hub, streams } = await tailing(log, 2);
    log.append('run-finished');
    await hub.stop();
    expect(log.released).toBe(true);
    await Promise.all(streams.map((stream) => stream.done));
    for (const stream of streams) expect(stream.events.map((event) => event.seq)).toEqual(seqsTo(2));
  });

  it('counts subscribers across runs and forgets a run when its last subscriber leaves', async () => {
    const log = new MemoryRunLog(runId);
    const hub = new RunEventHub(log, log.read);
    const first = hub.subscribe(runId, { maxBufferedEvents: 10 });
    const second = hub.subscribe(runId, { maxBufferedEvents: 10 });
    const other = hub.subscribe(otherRunId, { maxBufferedEvents: 10 });
    expect(hub.subscriberCount).toBe(3);
    first.deliver([{ runId, seq: 1, type: 'custom', payload: {}, createdAt: new Date() }]);
    expect(hub.bufferedEvents(runId)).toBe(1);
    expect(hub.bufferedEvents(otherRunId)).toBe(0);
    first.close();
    expect(hub.subscriberCount).toBe(2);
    second.close();
    other.close();
    expect(hub.subscriberCount).toBe(0);
    // A new subscriber starts a new tail: nobody has caught up, so a notification reads nothing yet.
    await hub.start();
    hub.subscribe(runId, { maxBufferedEvents: 10 });
    log.commit('run-created');
    expect(log.reads).toBe(0);
  });
});

describe('RunEventHub: one read per commit, from the right place', () => {
  it('reads nothing more when a lone subscriber catches up, and its first read starts where the subscriber stopped', async () => {
    const log = new MemoryRunLog(runId);
    log.append('run-created', 'run-queued', 'run-started');
    const hub = await startedHub(log);
    const stream = consumeRunEventStream(openStream(hub, log));
    await stream.reached(3);
    expect(log.readsAfter).toEqual([0]);
    log.commit('run-finished');
    await stream.done;
    expect(log.readsAfter).toEqual([0, 3]);
  });

  it('reads one page at a time: notifications during a read wait for it, then cost one read', async () => {
    const log = new MemoryRunLog(runId);
    log.append('run-created');
    const { streams } = await tailing(log, 2);
    const release = log.holdNextRead();
    log.commit('step-started');
    log.commit('text-delta');
    log.commit('step-committed');
    expect(log.reads).toBe(1);
    release();
    await Promise.all(streams.map((stream) => stream.reached(4)));
    expect(log.readsAfter).toEqual([1, 2]);
  });

  it('costs one read, and no subscriber a read of its own, when a notification finds nothing new', async () => {
    const log = new MemoryRunLog(runId);
    log.append('run-created');
    const { streams } = await tailing(log, 3);
    log.notify(runId);
    log.commit('run-finished');
    await Promise.all(streams.map((stream) => stream.done));
    expect(log.readsAfter).toEqual([1, 1]);
  });

  it('keeps its read point when a later subscriber catches up further on', async () => {
    const log = new MemoryRunLog(runId);
    log.append('run-created');
    const { hub, streams } = await tailing(log);
    // Committed without a notification yet; a second subscriber reads it from the table.
    log.append('step-started', 'step-committed');
    const later = consumeRunEventStream(openStream(hub, log));
    await later.reached(3);
    hub.caughtUp(otherRunId, 99);
    log.notify(runId);
    await streams[0]!.reached(3);
    // The hub read from where the first subscriber stood; the later one skipped what it had, reading nothing more.
    expect(log.readsAfter).toEqual([0, 1]);
    log.commit('run-finished');
    await Promise.all([streams[0]!.done, later.done]);
    expect(later.events.map((event) => event.seq)).toEqual(seqsTo(4));
  });
});

describe('RunEventHub: runs nobody tails any more', () => {
  it('forgets a run when its last subscriber leaves; a subscription closed twice leaves the next tail alone', async () => {
    const log = new MemoryRunLog(runId);
    log.append('run-created');
    const leaving = new AbortController();
    const hub = await startedHub(log);
    const first = openStream(hub, log, leaving.signal);
    await first.next();
    await first.return(undefined);
    log.notify(runId);
    expect(log.reads).toBe(1);

    const stale = hub.subscribe(runId, { maxBufferedEvents: 10 });
    stale.close();
    const next = consumeRunEventStream(openStream(hub, log));
    await next.reached(1);
    stale.close();
    log.commit('run-finished');
    await next.done;
    expect(next.events.map((event) => event.seq)).toEqual(seqsTo(2));
  });

  it('does not read again for a commit that landed mid-read once every subscriber has left', async () => {
    const log = new MemoryRunLog(runId);
    log.append('run-created');
    const client = new AbortController();
    const hub = await startedHub(log);
    const stream = openStream(hub, log, client.signal);
    await stream.next();
    const waiting = stream.next();
    const release = log.holdNextRead();
    log.commit('step-started');
    log.commit('step-committed');
    client.abort();
    await waiting;
    expect(hub.subscriberCount).toBe(0);
    release();
    await new Promise((resolve) => setImmediate(resolve));
    expect(log.readsAfter).toEqual([0, 1]);
  });

  it('answers for runs it never saw, and stops without having started', async () => {
    const log = new MemoryRunLog(runId);
    const hub = new RunEventHub(log, log.read);
    expect(hub.bufferedEvents(otherRunId)).toBe(0);
    await expect(hub.watching(otherRunId)).resolves.toBeUndefined();
    await expect(hub.stop()).resolves.toBeUndefined();
  });
});
