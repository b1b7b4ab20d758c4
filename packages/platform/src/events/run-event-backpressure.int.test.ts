import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { createTestPlatform, type TestPlatform } from '../testing';
import { appendRunEvents } from './append-run-events';
import { RunEventStreamOverflowError } from './stream-run-events';

/**
 * A client that stops reading, against the real database and its notifications: its buffer stays
 * within the bound while commits keep coming, its stream ends, and a resume from the last seq it
 * got misses nothing.
 */
describe.each(databaseModes)('a live stream whose client stops reading (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  let agentId: string;

  beforeAll(async () => {
    test = await createTestPlatform(mode);
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    agentId = (await test.platform.agents.create(principal, { slug: 'idle', name: 'Idle', config: { demoScript: { replies: [{ text: 'Done.' }] } } })).id;
  });
  afterAll(() => test?.dispose());

  it('is held to its buffer bound, then ended; resuming from its last seq yields every later event once, in order', async () => {
    // The executor is not started: the run stays queued while the test writes its events.
    const { run } = await test.platform.runs.create(principal, { agentId, input: 'idle' });
    const signal = new AbortController().signal;
    let overflowed!: () => void;
    const overflow = new Promise<void>((resolve) => (overflowed = resolve));
    const stream = await test.platform.runEvents.stream(principal, { runId: run.id }, signal, 60_000, { maxBufferedEvents: 5, onOverflow: () => overflowed() });
    const received: number[] = [];
    const before = await test.platform.runEvents.list(principal, { runId: run.id });
    const caughtUpAt = before.events.at(-1)!.seq;
    while (received.at(-1) !== caughtUpAt) {
      const item = await stream.next();
      if (!item.done && item.value.kind === 'events') received.push(...item.value.events.map((event) => event.seq));
    }
    // The client reads no more. Commits keep coming, one event each.
    let mostBuffered = 0;
    const target = { id: run.id, tenantId: principal.tenantId };
    for (let commit = 0; commit < 30; commit += 1) {
      await test.platform.database.prisma.$transaction((transaction) => appendRunEvents(transaction, target, [{ type: 'text-delta', payload: { text: `delta ${commit}` } }]));
      mostBuffered = Math.max(mostBuffered, test.platform.runEvents.bufferedEvents(run.id));
    }
    await overflow;
    expect(mostBuffered).toBeLessThanOrEqual(5);
    expect(test.platform.runEvents.bufferedEvents(run.id)).toBe(0);
    await expect(stream.next()).rejects.toBeInstanceOf(RunEventStreamOverflowError);

    await test.platform.runs.cancel(principal, { runId: run.id });
    const resumed = await test.platform.runEvents.stream(principal, { runId: run.id, afterSeq: received.at(-1)! }, signal, 60_000);
    for await (const item of resumed) if (item.kind === 'events') received.push(...item.events.map((event) => event.seq));
    const all = await test.platform.runEvents.list(principal, { runId: run.id, limit: 1_000 });
    expect(received).toEqual(all.events.map((event) => event.seq));
    expect(all.events.at(-1)!.type).toBe('run-finished');
  });
});
