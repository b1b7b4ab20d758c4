import { randomUUID } from 'node:crypto';

import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { scanForContent } from '../memory/testing/scan-for-content';
import { createTestAgent, createTestPlatform, silentLogger, type TestPlatform } from '../testing';

/**
 * A model that read erased content may repeat it in anything it wrote to memory afterwards: its
 * episode, its conversation turn, the facts extracted from its answer and the reasons it gave. An
 * erase removes what the readers derived — through a memory read or through copied thread
 * history — and leaves memory of runs that read nothing erased.
 */
describe.each(databaseModes)('erase removes memory derived by the runs that read the erased content (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;

  beforeAll(async () => {
    test = await createTestPlatform(mode, silentLogger);
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
  });
  afterAll(() => test?.dispose());

  it('facts, turns, decision reasons and evaluation cases of memory and history readers go, replays with them; an unrelated fact stays', async () => {
    const marker = `zqderived${randomUUID().slice(0, 8)}`;
    const { prisma } = test.platform.database;
    const tenantId = principal.tenantId;
    const agentId = await createTestAgent(test.platform.database, { tenantId, slug: `derived-${randomUUID()}`, config: {} });
    const version = await prisma.agentVersion.findFirstOrThrow({ where: { agentId } });
    const thread = await test.platform.threads.create(principal, { agentId, endUserId: 'user-derived' });
    const other = await test.platform.threads.create(principal, { agentId, endUserId: 'user-derived' });
    const finished = (threadId: string, task: string, answer: string) =>
      prisma.run.create({ data: { tenantId, agentId, agentVersionId: version.id, threadId, status: 'succeeded', input: { text: task }, output: { text: answer }, finishedAt: new Date() } });
    const fact = (sourceRunId: string, content: string) =>
      test.platform.memoryPort.storeItem({ scope: { tenantId, userId: 'user-derived' }, kind: 'fact', key: `fact.${randomUUID()}`, content, sourceRunId });

    const told = await finished(thread.id, `my locker code is ${marker}`, 'Noted.');
    const item = await test.platform.memoryPort.storeItem({ scope: { tenantId, userId: 'user-derived' }, kind: 'episode', content: `User: my locker code is ${marker}`, sourceRunId: told.id });
    // A memory reader in another thread, and a history reader later in the same thread.
    const memoryReader = await finished(other.id, 'recall my locker code', 'Here it is.');
    await prisma.memoryInjection.create({ data: { tenantId, runId: memoryReader.id, memoryItemId: item.id, score: 0.9, source: 'memory_search' } });
    const readerFact = await fact(memoryReader.id, `The user's locker code is ${marker}`);
    await prisma.memoryDecision.create({ data: { tenantId, runId: memoryReader.id, event: 'add', memoryItemId: readerFact.id, reason: `the user said ${marker}` } });
    const historyReader = await finished(thread.id, 'what did I tell you?', 'Your code.');
    await prisma.message.create({ data: { tenantId, runId: historyReader.id, threadId: thread.id, index: 0, role: 'user', kind: 'thread_history', content: `my locker code is ${marker}`, sourceRunIds: [told.id] } });
    await fact(historyReader.id, `Locker code: ${marker}`);
    // An evaluation case recorded from the memory reader, and a replay run made from that case.
    const dataset = await prisma.evalDataset.create({ data: { tenantId, name: `derived-${randomUUID().slice(0, 8)}` } });
    const evalCase = await prisma.evalCase.create({
      data: { tenantId, datasetId: dataset.id, position: 1, addedInVersion: 1, sourceRunId: memoryReader.id, input: 'recall my locker code', memoryInjections: [{ content: `locker ${marker}` }] },
    });
    const experiment = await prisma.evalExperiment.create({ data: { tenantId, datasetId: dataset.id, datasetVersion: 1, agentVersionId: version.id, agentVersion: 1, modelMode: 'recorded' } });
    const replay = await finished(other.id, 'recall my locker code', `Replayed: ${marker}`);
    await prisma.evalResult.create({ data: { tenantId, experimentId: experiment.id, caseId: evalCase.id, runId: replay.id } });
    const bystander = await finished(other.id, 'I like tea', 'Noted.');
    const unrelated = await fact(bystander.id, 'The user likes tea');

    const receipt = await test.platform.erase.eraseRun(principal, { runId: told.id });

    expect(await scanForContent(test.platform.database, [marker], { exceptColumns: ['agent_versions.config'] })).toEqual([]);
    expect(receipt.counts['memory_decisions_redacted']).toBe(1);
    expect(receipt.counts).toMatchObject({ eval_cases: 1, runs: 2 });
    expect(await prisma.evalDataset.count({ where: { id: dataset.id } })).toBe(1);
    expect(await prisma.memoryItem.findMany({ where: { sourceRunId: { in: [memoryReader.id, historyReader.id] } } })).toEqual([]);
    expect(await prisma.memoryItem.findUnique({ where: { id: unrelated.id } })).not.toBeNull();
    // The readers themselves stay: an erase removes what came from the erased run, not other runs.
    expect(await prisma.run.count({ where: { id: { in: [memoryReader.id, historyReader.id, bystander.id] } } })).toBe(3);
  });
});
