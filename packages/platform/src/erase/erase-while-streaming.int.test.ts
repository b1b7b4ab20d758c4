import type { NotificationListener } from '@agentloom/db';
import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { appendRunEvents } from '../events/append-run-events';
import { RunEventHub } from '../events/run-event-hub';
import { defaultRunEventWatchersConfig, RunEventWatchers } from '../events/run-event-watchers';
import { sharedRunEventReads } from '../events/shared-run-event-reader';
import { streamRunEvents, type RunEventStreamItem } from '../events/stream-run-events';
import { createTenantAdmin, createTestPlatform, silentLogger, type TestPlatform } from '../testing';

/**
 * An erase while clients tail the run's live stream (ADR 0104). A run waiting for a human can be erased; once the
 * erase commits, a stream of it sends nothing more — not even what its hub had already buffered for a slow client —
 * and ends, releasing its subscription, tail and watcher row: in the erasing process at once, in another process
 * when the erase's notification arrives, and in a process that missed the notification at its next watcher refresh.
 */
describe.each(databaseModes)('erase while a stream tails the run (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  let agentId: string;

  beforeAll(async () => {
    test = await createTestPlatform(mode);
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    agentId = (await test.platform.agents.create(principal, { slug: 'idle', name: 'Idle', config: { demoScript: { replies: [{ text: 'Done.' }] } } })).id;
  });
  afterAll(() => test?.dispose());

  /** A run parked as an approval wait parks it (the executor is not started): erasable, not finished. */
  const waitingRun = async (owner: Principal = principal, agent: string = agentId, threadId?: string) => {
    const { run } = await test.platform.runs.create(owner, { agentId: agent, input: 'secret input', ...(threadId ? { threadId } : {}) });
    await test.platform.database.prisma.run.update({ where: { id: run.id }, data: { status: 'waiting_human' } });
    return run.id;
  };

  const appendDeltas = async (runId: string, tenantId: string, texts: readonly string[]) => {
    for (const text of texts)
      await test.platform.database.prisma.$transaction((transaction) =>
        appendRunEvents(transaction, { id: runId, tenantId }, [{ type: 'text-delta', payload: { text } }]),
      );
  };

  /** Reads the stream until it yielded `seq` (the catch-up is done and the hub tails the run for it). */
  const readThrough = async (stream: AsyncGenerator<RunEventStreamItem>, seq: number) => {
    let last = 0;
    while (last < seq) {
      const item = await stream.next();
      if (item.done) throw new Error(`The stream ended at seq ${last}, before ${seq}`);
      if (item.value.kind === 'events') last = item.value.events.at(-1)!.seq;
    }
  };

  /** What the stream yields until it ends, up to `heartbeats` heartbeats (a stream that never ends is cut off there). */
  const drain = async (stream: AsyncGenerator<RunEventStreamItem>, heartbeats: number) => {
    const events: RunEventStreamItem[] = [];
    let heard = 0;
    while (heard < heartbeats) {
      const item = await stream.next();
      if (item.done) return { ended: true, events };
      if (item.value.kind === 'heartbeat') heard += 1;
      else events.push(item.value);
    }
    await stream.return(undefined);
    return { ended: false, events };
  };

  const lastSeqOf = async (owner: Principal, runId: string) => (await test.platform.runEvents.list(owner, { runId, limit: 1_000 })).events.at(-1)!.seq;

  it('ends the stream once the run is erased, and a new one is refused', async () => {
    const runId = await waitingRun();
    const stream = await test.platform.runEvents.stream(principal, { runId }, new AbortController().signal, 100);
    await readThrough(stream, await lastSeqOf(principal, runId));

    const receipt = await test.platform.erase.eraseRun(principal, { runId });
    expect(receipt.counts['runs']).toBeGreaterThan(0);
    await expect(test.platform.runEvents.open(principal, { runId })).rejects.toMatchObject({ kind: 'not-found' });
    expect(await drain(stream, 20)).toEqual({ ended: true, events: [] });
    expect(test.platform.runEvents.bufferedEvents(runId)).toBe(0);
  });

  it('sends none of what the hub had buffered for a slow client once the erase has committed', async () => {
    const runId = await waitingRun();
    const stream = await test.platform.runEvents.stream(principal, { runId }, new AbortController().signal, 60_000);
    await readThrough(stream, await lastSeqOf(principal, runId));
    // The client is slow: the hub reads these commits into its buffer while it does not read.
    await appendDeltas(runId, principal.tenantId, ['ERASE-ME 0', 'ERASE-ME 1', 'ERASE-ME 2', 'ERASE-ME 3', 'ERASE-ME 4']);
    while (test.platform.runEvents.bufferedEvents(runId) < 5) await new Promise((resolve) => setImmediate(resolve));

    await test.platform.erase.eraseRun(principal, { runId });
    expect(test.platform.runEvents.bufferedEvents(runId)).toBe(0);
    const next = await stream.next();
    expect(next).toEqual({ done: true, value: undefined });
  });

  it('ends a catch-up of a finished run of more than one page that the erase cut short', async () => {
    const runId = await waitingRun();
    await test.platform.database.prisma.$transaction((transaction) =>
      appendRunEvents(transaction, { id: runId, tenantId: principal.tenantId }, [
        ...Array.from({ length: 600 }, (_, index) => ({ type: 'text-delta', payload: { text: `ERASE-ME ${index}` } })),
        { type: 'run-finished', payload: { status: 'succeeded' } },
      ]),
    );
    await test.platform.database.prisma.run.update({ where: { id: runId }, data: { status: 'succeeded', finishedAt: new Date() } });
    const stream = await test.platform.runEvents.stream(principal, { runId }, new AbortController().signal, 100);
    const first = await stream.next();
    expect(first.done === false && first.value.kind === 'events' && first.value.events.length).toBe(500);

    await test.platform.erase.eraseRun(principal, { runId });
    expect(await drain(stream, 20)).toEqual({ ended: true, events: [] });
  });

  it('ends the streams of the runs a thread erase and a tenant erase take', async () => {
    const thread = await test.platform.threads.create(principal, { agentId, title: 'to be erased' });
    const inThread = await waitingRun(principal, agentId, thread.id);
    const other = await createTenantAdmin(test, { slug: `erased-while-streaming-${mode}` });
    const otherAgent = (await test.platform.agents.create(other, { slug: 'idle', name: 'Idle', config: { demoScript: { replies: [{ text: 'Done.' }] } } })).id;
    const ofTenant = await waitingRun(other, otherAgent);
    const threadStream = await test.platform.runEvents.stream(principal, { runId: inThread }, new AbortController().signal, 100);
    const tenantStream = await test.platform.runEvents.stream(other, { runId: ofTenant }, new AbortController().signal, 100);
    await readThrough(threadStream, await lastSeqOf(principal, inThread));
    await readThrough(tenantStream, await lastSeqOf(other, ofTenant));

    await test.platform.erase.eraseThread(principal, { threadId: thread.id });
    expect(await drain(threadStream, 20)).toEqual({ ended: true, events: [] });
    await test.platform.erase.eraseTenant(other, { confirmTenantId: other.tenantId });
    expect(await drain(tenantStream, 20)).toEqual({ ended: true, events: [] });
  });

  /** A hub as another process runs it, on this database; `notifications` decides what it hears. */
  const otherProcess = async (notifications: NotificationListener) => {
    const { database } = test.platform;
    const watchers = new RunEventWatchers(database.statements, silentLogger, defaultRunEventWatchersConfig);
    const hub = new RunEventHub(notifications, sharedRunEventReads(database.statements), watchers);
    await hub.start();
    const stream = (runId: string, heartbeatMs: number) =>
      streamRunEvents({ hub, finishedSeq: () => Promise.resolve(null) }, { runId, afterSeq: 0, signal: new AbortController().signal, heartbeatMs });
    return { hub, watchers, stream };
  };

  it('ends a stream in another process when the erase notification arrives', async () => {
    const other = await otherProcess(test.platform.database.notifications);
    try {
      const runId = await waitingRun();
      // Heartbeats far apart: the stream must end on the notification, not on a timer.
      const stream = other.stream(runId, 60_000);
      await readThrough(stream, await lastSeqOf(principal, runId));
      await appendDeltas(runId, principal.tenantId, ['ERASE-ME']);
      while (other.hub.bufferedEvents(runId) < 1) await new Promise((resolve) => setImmediate(resolve));

      await test.platform.erase.eraseRun(principal, { runId });
      // Until the notification arrives, that process cannot know (as for events already on the wire); once it has,
      // what it buffered is dropped and the stream ends. Before the fix this waited forever (the test timed out).
      while (other.hub.bufferedEvents(runId) > 0) await new Promise((resolve) => setImmediate(resolve));
      expect(await stream.next()).toEqual({ done: true, value: undefined });
      expect(other.hub.subscriberCount).toBe(0);
    } finally {
      await other.hub.stop();
    }
  });

  it('ends a stream whose process missed the erase notification at its next watcher refresh', async () => {
    const deaf: NotificationListener = { listen: () => Promise.resolve(() => Promise.resolve()), close: () => Promise.resolve() };
    const other = await otherProcess(deaf);
    try {
      const runId = await waitingRun();
      const stream = other.stream(runId, 100);
      await readThrough(stream, await lastSeqOf(principal, runId));
      await test.platform.erase.eraseRun(principal, { runId });

      // What a reconnect and the periodic refresh do: refresh the watcher rows, then read every tail.
      other.hub.readEveryTail(await other.watchers.refresh());
      expect(await drain(stream, 20)).toEqual({ ended: true, events: [] });
      expect(other.hub.subscriberCount).toBe(0);
      expect(other.watchers.size).toBe(0);
    } finally {
      await other.hub.stop();
    }
  });
});
