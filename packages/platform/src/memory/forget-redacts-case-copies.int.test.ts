import { randomUUID } from 'node:crypto';

import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { createTestAgent, createTestPlatform, silentLogger, type TestPlatform } from '../testing';
import { scanForContent } from './testing/scan-for-content';

/**
 * ADR 0104: forget redacts the copies of every item it deletes. A dataset case recorded from a run
 * that had the memory injected copies its text (`memory_injections`, which a replay in recorded
 * memory mode serves again, and the transcript's memory block). Found by the replay audit: after a
 * forget the text stayed there, and an experiment created later fed it to the model again.
 */
describe.each(databaseModes)('forgetting a memory redacts the dataset cases recorded from its readers (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  let agentId: string;

  beforeAll(async () => {
    test = await createTestPlatform(mode, silentLogger, { executor: { pollMs: 100 } });
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    agentId = await createTestAgent(test.platform.database, {
      tenantId: principal.tenantId,
      slug: 'recalls',
      config: {
        instructions: 'Answer.',
        memoryInjection: { maxMemories: 3, minScore: 0 },
        completion: { verify: false, requireToolEvidence: false },
        demoScript: { replies: [{ text: 'Noted.' }] },
      },
    });
    await test.platform.executor.start();
  }, 300_000);
  afterAll(() => test?.dispose());

  const statusOf = async (runId: string) => (await test.platform.runs.get(principal, { runId })).status;

  it('a forgotten memory survives in no dataset case and is not replayed into a new prompt', async () => {
    const marker = `forgotten-${randomUUID()}`;
    const memory = await test.platform.memory.store(principal, {
      scope: { level: 'agent', id: agentId },
      kind: 'fact',
      key: 'locker.code',
      content: `The locker code is ${marker}.`,
    });
    const { run } = await test.platform.runs.create(principal, { agentId, input: 'What is the locker code?' });
    await expect.poll(() => statusOf(run.id), { timeout: 60_000 }).toBe('succeeded');
    const injected = await test.platform.database.prisma.memoryInjection.count({ where: { runId: run.id, memoryItemId: memory.id } });
    expect(injected).toBe(1);

    await test.platform.datasets.create(principal, { name: `forget-${mode}` });
    await test.platform.datasets.addRuns(principal, { name: `forget-${mode}`, runIds: [run.id] });
    expect((await scanForContent(test.platform.database, [marker])).some((column) => column.startsWith('eval_cases.'))).toBe(true);

    await test.platform.memory.forget(principal, { memoryItemId: memory.id });
    const afterForget = await scanForContent(test.platform.database, [marker]);
    const [recorded] = await test.platform.database.prisma.evalCase.findMany({ where: { sourceRunId: run.id }, select: { memoryInjections: true } });
    expect(recorded?.memoryInjections).toEqual([]);

    // A replay of the dataset after the forget (recorded memory mode, the default).
    const experiment = await test.platform.experiments.create(principal, { dataset: `forget-${mode}`, agentId, agentVersion: 1 });
    const replayRunId = experiment.results[0]!.runId;
    await expect.poll(() => statusOf(replayRunId), { timeout: 60_000 }).toBe('succeeded');
    const replayMessages = await test.platform.database.prisma.message.findMany({
      where: { runId: replayRunId },
      orderBy: { index: 'asc' },
      select: { content: true, kind: true, role: true },
    });

    expect({ afterForget, replayPromptHoldsForgottenMemory: replayMessages.some((message) => message.content.includes(marker)) }).toEqual({
      afterForget: [],
      replayPromptHoldsForgottenMemory: false,
    });
  });
});
