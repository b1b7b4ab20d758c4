import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import type { RunEventStreamItem } from '../events/stream-run-events';
import { createTestPlatform, type TestPlatform } from '../testing';

/**
 * The first `limit` items of a stream, or fewer if it ends. A stream that never ends yields
 * heartbeats (every 100 ms here), so "it ended" is proven by getting fewer items than asked for.
 */
async function firstItems(stream: AsyncGenerator<RunEventStreamItem>, limit: number): Promise<RunEventStreamItem[]> {
  const items: RunEventStreamItem[] = [];
  for await (const item of stream) {
    items.push(item);
    if (items.length >= limit) break;
  }
  return items;
}

describe.each(databaseModes)('the end of a run event stream (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  let agentId: string;

  beforeAll(async () => {
    test = await createTestPlatform(mode);
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    agentId = (
      await test.platform.agents.create(principal, {
        slug: 'quick',
        name: 'Quick',
        config: { completion: { verify: false, requireToolEvidence: false }, demoScript: { replies: [{ text: 'Done.' }] } },
      })
    ).id;
  });
  afterAll(() => test?.dispose());

  it('ends at once, without heartbeats, for a client that already has run-finished; says so before streaming', async () => {
    const { run } = await test.platform.runs.create(principal, { agentId, input: 'finish' });
    const signal = new AbortController().signal;
    // Not started yet: a live stream, not an ended one.
    expect(await test.platform.runEvents.streamEnded(principal, { runId: run.id, afterSeq: 1 })).toBe(false);
    await test.platform.executor.start();
    const all = (await firstItems(await test.platform.runEvents.stream(principal, { runId: run.id, afterSeq: 0 }, signal, 100), 1_000)).flatMap((item) =>
      item.kind === 'events' ? item.events : [],
    );
    // Every event once, in order, ending with run-finished.
    expect(all.map((event) => event.seq)).toEqual(all.map((_, index) => index + 1));
    const finished = all.at(-1)!;
    expect(finished.type).toBe('run-finished');
    const finishedSeq = finished.seq;

    expect(await firstItems(await test.platform.runEvents.stream(principal, { runId: run.id, afterSeq: finishedSeq }, signal, 100), 5)).toEqual([]);
    expect(await firstItems(await test.platform.runEvents.stream(principal, { runId: run.id, afterSeq: finishedSeq + 10 }, signal, 100), 5)).toEqual([]);
    expect(await test.platform.runEvents.streamEnded(principal, { runId: run.id, afterSeq: finishedSeq })).toBe(true);
    expect(await test.platform.runEvents.streamEnded(principal, { runId: run.id, afterSeq: finishedSeq + 10 })).toBe(true);
    // One event short of the end: the stream replays run-finished and ends.
    expect(await test.platform.runEvents.streamEnded(principal, { runId: run.id, afterSeq: finishedSeq - 1 })).toBe(false);
    const last = await firstItems(await test.platform.runEvents.stream(principal, { runId: run.id, afterSeq: finishedSeq - 1 }, signal, 100), 5);
    expect(last.flatMap((item) => (item.kind === 'events' ? item.events.map((event) => event.type) : [item.kind]))).toEqual(['run-finished']);
    await expect(
      test.platform.runEvents.streamEnded({ ...principal, tenantId: '0190a1b2-0000-7000-8000-000000000009' }, { runId: run.id }),
    ).rejects.toMatchObject({ kind: 'not-found' });

    // One opening answers both questions: nothing left (and a stream that ends at once), or the rest.
    const past = await test.platform.runEvents.open(principal, { runId: run.id, afterSeq: finishedSeq + 10 });
    expect(past.ended).toBe(true);
    expect(await firstItems(past.start(signal, 100), 5)).toEqual([]);
    const short = await test.platform.runEvents.open(principal, { runId: run.id, afterSeq: finishedSeq - 1 });
    expect(short.ended).toBe(false);
    const rest = await firstItems(short.start(signal, 100), 5);
    expect(rest.flatMap((item) => (item.kind === 'events' ? item.events.map((event) => event.type) : [item.kind]))).toEqual(['run-finished']);
    await expect(test.platform.runEvents.open({ ...principal, tenantId: '0190a1b2-0000-7000-8000-000000000009' }, { runId: run.id })).rejects.toMatchObject({
      kind: 'not-found',
    });
    await expect(test.platform.runEvents.open(principal, { runId: '0190a1b2-0000-7000-8000-00000000dead' })).rejects.toMatchObject({ kind: 'not-found' });
    await expect(test.platform.runEvents.open(principal, { runId: 'not-a-uuid' })).rejects.toMatchObject({ kind: 'validation', field: 'runId' });
  });

  it('a stream opened while the run is going ends with it, and one resumed past its end stops when it finishes', async () => {
    const { run } = await test.platform.runs.create(principal, { agentId, input: 'later' });
    const signal = new AbortController().signal;
    const live = await test.platform.runEvents.open(principal, { runId: run.id, afterSeq: 0 });
    // A Last-Event-ID beyond anything written yet: the stream must learn the end from the table once the run finishes.
    const ahead = await test.platform.runEvents.open(principal, { runId: run.id, afterSeq: 1_000 });
    expect(live.ended).toBe(false);
    expect(ahead.ended).toBe(false);
    const liveItems = firstItems(live.start(signal, 100), 1_000);
    await test.platform.executor.start();
    const types = (await liveItems).flatMap((item) => (item.kind === 'events' ? item.events.map((event) => event.type) : []));
    expect(types.at(-1)).toBe('run-finished');
    expect(await firstItems(ahead.start(signal, 100), 5)).toEqual([]);
  });
});
