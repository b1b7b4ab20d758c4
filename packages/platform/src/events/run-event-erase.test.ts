import type { NotificationHandler, NotificationListener } from '@agentloom/db';
import { describe, expect, it } from 'vitest';

import { MemoryRunLog } from '../testing/memory-run-log';
import { runErasedMarker } from './run-event';
import { RunEventHub } from './run-event-hub';
import { streamRunEvents } from './stream-run-events';

const runId = '0190a1b2-0000-7000-8000-00000000f013';
const tenantId = '0190a1b2-0000-7000-8000-00000000f014';

const until = async (state: () => boolean) => {
  while (!state()) await new Promise((resolve) => setImmediate(resolve));
};

/** A hub over an in-memory log, and an erase of the run: its rows go, then its notification arrives (ADR 0104). */
async function erasableHub() {
  const log = new MemoryRunLog(runId);
  let handler: NotificationHandler | undefined;
  const listener: NotificationListener = {
    listen: (channel, given) => {
      handler = given;
      return log.listen(channel, given);
    },
    close: () => log.close(),
  };
  const hub = new RunEventHub(listener, log.read);
  await hub.start();
  const erase = () => {
    log.events.length = 0;
    handler?.onNotification(`${runId}:${runErasedMarker}:${tenantId}`);
  };
  const stream = () =>
    streamRunEvents({ hub, finishedSeq: log.finishedSeq }, { runId, afterSeq: 0, signal: new AbortController().signal, heartbeatMs: 60_000 });
  return { log, hub, erase, stream };
}

describe('a run erased while it is streamed', () => {
  it('drops what the hub buffered for a client that was not reading, ends its stream and its tail', async () => {
    const { log, hub, erase, stream } = await erasableHub();
    log.append('run-created');
    const events = stream();
    expect((await events.next()).value).toMatchObject({ kind: 'events', events: [{ seq: 1 }] });
    log.commit('text-delta', 'text-delta', 'text-delta');
    await until(() => hub.bufferedEvents(runId) === 3);

    erase();
    expect(hub.bufferedEvents(runId)).toBe(0);
    expect(hub.subscriberCount).toBe(0);
    expect(await events.next()).toEqual({ done: true, value: undefined });
    // A commit notification that arrives late reads nothing: nobody tails the run any more.
    log.reads = 0;
    log.notify(runId);
    expect(log.reads).toBe(0);
  });

  it('yields nothing of a catch-up page read before the erase committed and returned after it', async () => {
    const { log, erase, stream } = await erasableHub();
    log.append('run-created', 'text-delta');
    const release = log.holdNextRead();
    const next = stream().next();
    // The catch-up read has its page (taken before the erase) but has not returned it yet.
    await until(() => log.reads === 1);
    erase();
    release();
    expect(await next).toEqual({ done: true, value: undefined });
  });

  it('ends a stream waiting for events', async () => {
    const { log, hub, erase, stream } = await erasableHub();
    log.append('run-created');
    const events = stream();
    await events.next();
    const waiting = events.next();
    // Resumed after its catch-up, the stream now waits for a commit (nothing to take).
    expect(hub.subscriberCount).toBe(1);
    erase();
    expect(await waiting).toEqual({ done: true, value: undefined });
  });
});
