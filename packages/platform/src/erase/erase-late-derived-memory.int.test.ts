import { randomUUID } from 'node:crypto';

import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { writePendingEpisodes } from '../memory/episodes/write-pending-episodes';
import type { ModelConnector } from '../outbound/model-connector';
import { createTestAgent, createTestPlatform, silentLogger, type TestPlatform } from '../testing';

/**
 * An erase audit found (fixed, ADR 0104, session 40): an erase removes the memory a reader of the erased content derived
 * (`derivedFromReaders`: "a model that read the erased text may have repeated it" in its episode, turn,
 * facts), but only what was written before the erase. A reader whose episode is still pending
 * (`episode_pending`, swept seconds to minutes after the run ends) keeps its flag, and the sweep after the
 * erase writes its episode and conversation turn from its answer, which quotes the erased text. Whether
 * the erased text lives on in memory then depends on which background job ran first.
 */
describe.each(databaseModes)('erase vs a reader whose episode is written after the erase (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;

  beforeAll(async () => {
    test = await createTestPlatform(mode, silentLogger);
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
  });
  afterAll(() => test?.dispose());

  /** The extractive summarizer needs no model (the agent has none); a call would be a test bug. */
  const noModels = { gateway: () => ({ invoke: () => Promise.reject(new Error('no model in this test')) }) } as unknown as ModelConnector;
  const sweep = () => writePendingEpisodes(test.platform.database, test.platform.memoryPort, silentLogger, { limit: 50, signal: new AbortController().signal, models: noModels });

  it('the episode and turn a memory reader gets after the erase do not quote the erased memory (as they would not, had the sweep come first)', async () => {
    const marker = `zqlate${randomUUID().slice(0, 8)}`;
    const { prisma } = test.platform.database;
    const tenantId = principal.tenantId;
    const agentId = await createTestAgent(test.platform.database, { tenantId, slug: `late-${randomUUID()}`, config: { memoryWriting: { conversations: { scope: 'user' } } } });
    const version = await prisma.agentVersion.findFirstOrThrow({ where: { agentId } });
    const finished = (threadId: string, task: string, answer: string, episodePending: boolean) =>
      prisma.run.create({ data: { tenantId, agentId, agentVersionId: version.id, threadId, status: 'succeeded', input: { text: task }, output: { text: answer }, finishedAt: new Date(), episodePending } });
    const told = await test.platform.threads.create(principal, { agentId, endUserId: 'user-late' });
    const toldRun = await finished(told.id, `my locker code is ${marker}`, 'Noted.', false);
    const item = await test.platform.memoryPort.storeItem({ scope: { tenantId, userId: 'user-late' }, kind: 'fact', content: `Locker code: ${marker}`, sourceRunId: toldRun.id });
    // The reader found the item with memory_search and told the user; its episode is not swept yet.
    const other = await test.platform.threads.create(principal, { agentId, endUserId: 'user-late' });
    const reader = await finished(other.id, 'what is my locker code?', `Your locker code is ${marker}.`, true);
    await prisma.toolCall.create({
      data: {
        tenantId,
        runId: reader.id,
        callId: 'call-1',
        name: 'memory_search',
        implementationId: 'builtin:memory_search',
        sideEffects: 'none',
        arguments: { query: 'locker code' },
        result: { content: `[${item.id}] Locker code: ${marker}`, isError: false, data: [{ id: item.id, score: 0.9 }] },
        status: 'succeeded',
        idempotencyKey: randomUUID(),
      },
    });
    await prisma.memoryInjection.create({ data: { tenantId, runId: reader.id, memoryItemId: item.id, score: 0.9, source: 'tool_result' } });

    await test.platform.erase.eraseThread(principal, { threadId: told.id });
    await sweep();

    // Had the sweep run before the erase, the erase would have deleted these (erase-derived-memory.int.test.ts).
    // Written after it, they come from the redacted source: the reader's answer, which repeats the code, is left out.
    const derived = await prisma.memoryItem.findMany({ where: { sourceRunId: reader.id }, select: { kind: true, content: true } });
    expect(derived.length).toBeGreaterThan(0);
    expect(derived.filter((written) => written.content.includes(marker))).toEqual([]);
    // Outward: memory search finds the erased code again.
    const hits = await test.platform.memoryPort.search({ scope: { tenantId, userId: 'user-late', agentId, threadId: other.id }, text: 'locker code', limit: 10 });
    expect(hits.map((hit) => hit.item.content).filter((content) => content.includes(marker))).toEqual([]);
  });
});
