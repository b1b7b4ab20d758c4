import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { scanForContent } from '../memory/testing/scan-for-content';
import { createTestAgent, createTestPlatform, silentLogger, type TestPlatform } from '../testing';
import { markerOf, runContent } from './testing/erase-fixtures';

/**
 * An erase audit found (fixed, ADR 0104, session 40): forget removes less than erase. An erase removes the memory that readers of the
 * erased content derived afterwards (`derivedFromReaders`: their episodes, turns, extracted facts) and the
 * facts rewritten from it (`successorsOf`); `forgetMemoryItem` does neither. A run that found the item
 * with `memory_search` gets an episode quoting the search result, and after the item is forgotten a later
 * run's `memory_search` finds that episode and reads the forgotten text again.
 */
describe.each(databaseModes)('forget reaches memory derived from the forgotten item (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;

  beforeAll(async () => {
    test = await createTestPlatform(mode, silentLogger, { executor: { recoveryIntervalMs: 300 } });
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    await test.platform.executor.start();
  });
  afterAll(() => test?.dispose());

  const statusOf = async (runId: string) => (await test.platform.runs.get(principal, { runId })).status;
  const finished = async (agentId: string, threadId: string, input: string): Promise<string> => {
    const { run } = await test.platform.runs.create(principal, { agentId, threadId, input });
    await expect.poll(() => statusOf(run.id), { timeout: 60_000 }).toBe('succeeded');
    return run.id;
  };
  const episodeOf = (runId: string) => test.platform.database.prisma.memoryItem.findFirst({ where: { sourceRunId: runId, kind: 'episode' }, select: { id: true, content: true } });

  it('a reader’s episode quoting a forgotten item goes with it, and a later memory_search does not read the text again', async () => {
    const marker = markerOf('forgetepisode');
    const agentId = await createTestAgent(test.platform.database, {
      tenantId: principal.tenantId,
      slug: `audit-forget-${marker}`,
      config: {
        demoScript: {
          replies: [
            { whenTaskIncludes: 'recall', toolCalls: [{ name: 'memory_search', arguments: { query: 'safe combination' } }] },
            { whenTaskIncludes: 'recall', text: 'Looked it up.' },
          ],
        },
      },
    });
    const { prisma } = test.platform.database;
    const endUserId = `user-${marker}`;
    // A fact the operator stored for this end user (so runs of every thread of the user can find it).
    const item = await test.platform.memory.store(principal, { scope: { level: 'user', id: endUserId }, kind: 'fact', content: `The safe combination is ${marker}` });
    // A reader finds the item with memory_search; its episode quotes the search result.
    const readerThread = await test.platform.threads.create(principal, { agentId, endUserId });
    const reader = await finished(agentId, readerThread.id, 'please recall the combination');
    await expect.poll(async () => (await episodeOf(reader))?.content ?? '', { timeout: 60_000 }).toContain(marker);

    await test.platform.memory.forget(principal, { memoryItemId: item.id });

    // What an erase of the storing run guarantees (erase-derived-memory.int.test.ts) a forget should too:
    // the reader's episode (written from the forgotten text) holds it no more.
    expect.soft((await episodeOf(reader))?.content ?? '').not.toContain(marker);
    // Outward: a later run of the reader's thread searches memory (BM25 and vector) and must not read the forgotten text again.
    const later = await finished(agentId, readerThread.id, 'please recall the combination again');
    const laterResults = await prisma.toolCall.findMany({ where: { runId: later, name: 'memory_search' }, select: { result: true } });
    expect(JSON.stringify(laterResults)).not.toContain(marker);
  });

  it('a fact rewritten from a forgotten history value goes with it (an erase takes successors, a forget keeps them)', async () => {
    const marker = markerOf('forgetsuccessor');
    const { prisma } = test.platform.database;
    const key = `user.locker_${marker.slice(-8)}`;
    // Extraction's "update" writes the new value from the old one: the successor quotes the old value.
    const original = await test.platform.memory.store(principal, { scope: { level: 'project' }, kind: 'fact', key, content: `Locker code: ${marker}` });
    const successor = await test.platform.memory.store(principal, { scope: { level: 'project' }, kind: 'fact', key, content: `Locker codes: ${marker} and 42` });
    expect((await prisma.memoryItem.findUniqueOrThrow({ where: { id: original.id } })).supersededById).toBe(successor.id);
    // As extraction records it: the new value was written by an update of the old one.
    const agentId = await createTestAgent(test.platform.database, { tenantId: principal.tenantId, slug: `successor-${Date.now()}`, config: { demoScript: { replies: [{ text: 'ok' }] } } });
    const { run } = await test.platform.runs.create(principal, { agentId, input: 'my locker codes changed' });
    await prisma.memoryDecision.create({
      data: { tenantId: principal.tenantId, runId: run.id, event: 'update', key, memoryItemId: successor.id, previousItemId: original.id, reason: 'merged' },
    });
    // A later value stored on its own, not from the forgotten one, stays the key's live value.
    const unrelated = await test.platform.memory.store(principal, { scope: { level: 'project' }, kind: 'fact', key, content: 'Locker code: 777' });

    // The user forgets the old value (it is history now: the console shows the key's chain).
    await test.platform.memory.forget(principal, { memoryItemId: original.id });

    expect(await scanForContent(test.platform.database, [marker], runContent)).toEqual([]);
    expect(await prisma.memoryItem.findUnique({ where: { id: unrelated.id }, select: { supersededById: true } })).toEqual({ supersededById: null });
  });
  it('an older value stays history when a value written from the forgotten one goes: the key keeps one live value', async () => {
    const marker = markerOf('forgetbridge');
    const { prisma } = test.platform.database;
    const key = `user.locker_${marker.slice(-8)}`;
    const store = (content: string) => test.platform.memory.store(principal, { scope: { level: 'project' }, kind: 'fact', key, content });
    const older = await store('Locker code: 100');
    const original = await store(`Locker code: ${marker}`);
    // Quotes the forgotten value, so it goes with it; what it replaced must not come back to life.
    const quoting = await store(`Was Locker code: ${marker}, now 42`);
    const newest = await store('Locker code: 777');

    await test.platform.memory.forget(principal, { memoryItemId: original.id });

    const chain = await prisma.memoryItem.findMany({ where: { tenantId: principal.tenantId, key }, select: { id: true, supersededById: true } });
    expect(chain.map((item) => item.id).sort()).toEqual([older.id, newest.id].sort());
    expect(chain.filter((item) => item.supersededById === null).map((item) => item.id)).toEqual([newest.id]);
    expect(chain.find((item) => item.id === older.id)?.supersededById).toBe(newest.id);
    expect(await prisma.memoryItem.findUnique({ where: { id: quoting.id } })).toBeNull();
  });
});
