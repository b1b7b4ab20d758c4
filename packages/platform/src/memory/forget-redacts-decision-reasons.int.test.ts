import { randomUUID } from 'node:crypto';

import { databaseModes } from '@agentloom/db/testing';
import { ScriptedModel } from '@agentloom/runtime/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { ModelConnector } from '../outbound/model-connector';
import { createTestAgent, createTestPlatform, silentLogger, type TestPlatform } from '../testing';
import { writePendingEpisodes } from './episodes/write-pending-episodes';
import { runPendingExtractions } from './extraction/run-pending-extractions';
import { scanForContent } from './testing/scan-for-content';

const unreachableModel = { provider: 'openai-compatible', model: 'm', baseURL: 'http://127.0.0.1:9/v1' };

/**
 * A forgotten memory must not live on anywhere (ADR 0104: forget redacts the copies of every item
 * it deletes). An extraction decision's model-written reason may quote the item it updated; an
 * erase redacted those reasons, forget did not (found by the webhooks and memory audit).
 */
describe.each(databaseModes)('forgetting a fact redacts the reasons of decisions about it (%s)', (mode) => {
  let test: TestPlatform;
  beforeAll(async () => {
    test = await createTestPlatform(mode, silentLogger);
  });
  afterAll(() => test?.dispose());

  /** A fact whose value an extraction updated, with a reason that quotes the old value. */
  async function factUpdatedByExtraction() {
    const principal = (await test.platform.auth.authenticate(test.adminKey))!;
    const { prisma } = test.platform.database;
    const marker = `forgotten-${randomUUID()}`;
    const agentId = await createTestAgent(test.platform.database, {
      tenantId: principal.tenantId,
      slug: `forget-${randomUUID()}`,
      config: { model: unreachableModel, memoryWriting: { extractFacts: true } },
    });
    const original = await test.platform.memory.store(principal, {
      scope: { level: 'agent', id: agentId },
      kind: 'fact',
      key: 'user.locker_code',
      content: `The locker code is ${marker}`,
    });
    const version = await prisma.agentVersion.findFirstOrThrow({ where: { agentId } });
    const run = await prisma.run.create({
      data: {
        tenantId: principal.tenantId,
        agentId,
        agentVersionId: version.id,
        status: 'succeeded',
        input: { text: 'I have a second locker code: 42' },
        output: { text: 'Noted, 42.' },
        finishedAt: new Date(),
        episodePending: true,
      },
    });
    await writePendingEpisodes(test.platform.database, test.platform.memoryPort, silentLogger, {
      limit: 50,
      signal: new AbortController().signal,
      models: { gateway: () => new ScriptedModel([], { compaction: Array.from({ length: 5 }, () => 'Episode summary.') }) } as unknown as ModelConnector,
    });
    expect(await prisma.memoryExtraction.count({ where: { runId: run.id } })).toBe(1);
    const model = new ScriptedModel([], {
      compaction: [
        (request) => {
          const content = request.messages.at(-1)?.content;
          const listing = typeof content === 'string' ? content : JSON.stringify(content);
          const localId = listing
            .split('\n')
            .find((line) => line.includes(marker))!
            .split('.')[0]!;
          return {
            text: JSON.stringify({
              decisions: [{ event: 'UPDATE', id: localId, text: `Locker codes: ${marker} and 42`, reason: `merged the old code ${marker} with 42` }],
            }),
          };
        },
      ],
    });
    expect(
      await runPendingExtractions(test.platform.database, test.platform.memoryPort, silentLogger, {
        limit: 50,
        signal: new AbortController().signal,
        models: { gateway: () => model },
      }),
    ).toEqual({ done: 1, failedAttempts: 0 });
    const live = await prisma.memoryItem.findFirstOrThrow({
      where: { tenantId: principal.tenantId, scopeId: agentId, key: 'user.locker_code', supersededById: null },
    });
    expect(live.content).toContain(marker);

    return { principal, marker, original, live, runId: run.id };
  }

  const decisionsOf = (runId: string) => test.platform.database.prisma.memoryDecision.findMany({ where: { runId }, select: { event: true, reason: true } });

  it('forgetting a fact (and its history) leaves no copy of its text in memory_decisions', async () => {
    const { principal, marker, original, live, runId } = await factUpdatedByExtraction();
    const { prisma } = test.platform.database;
    // The user asks to forget the locker code: the live item and (default mode) its history.
    const result = await test.platform.memory.forget(principal, { memoryItemId: live.id });
    expect(result).toMatchObject({ forgotten: true, historyForgotten: 1 });
    expect(await prisma.memoryItem.count({ where: { id: { in: [live.id, original.id] } } })).toBe(0);

    expect(await scanForContent(test.platform.database, [marker], { exceptColumns: ['agent_versions.config'] })).toEqual([]);
    // The decision stays as history, its reason redacted.
    expect(await decisionsOf(runId)).toEqual([{ event: 'update', reason: '[erased]' }]);
  });

  // The live value was written from the forgotten one ("Locker codes: <old> and 42"): keeping it kept the text (erase audit).
  it("forgetting only the value an update replaced takes the value the update wrote from it, and redacts the update's reason", async () => {
    const { principal, marker, original, live, runId } = await factUpdatedByExtraction();
    expect(await test.platform.memory.forget(principal, { memoryItemId: original.id })).toMatchObject({ forgotten: true, historyForgotten: 0, derivedForgotten: 1 });
    expect(await test.platform.database.prisma.memoryItem.findUnique({ where: { id: live.id } })).toBeNull();
    expect(await decisionsOf(runId)).toEqual([{ event: 'update', reason: '[erased]' }]);
    expect(await scanForContent(test.platform.database, [marker], { exceptColumns: ['agent_versions.config'] })).toEqual([]);
  });

  it("forgetting the updated value and restoring the previous one redacts the update's reason", async () => {
    const { principal, original, live, runId } = await factUpdatedByExtraction();
    expect(await test.platform.memory.forget(principal, { memoryItemId: live.id, restorePrevious: true })).toMatchObject({
      forgotten: true,
      restoredId: original.id,
    });
    expect(await decisionsOf(runId)).toEqual([{ event: 'update', reason: '[erased]' }]);
  });
});
