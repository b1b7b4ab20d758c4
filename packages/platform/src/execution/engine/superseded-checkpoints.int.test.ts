import { databaseModes } from '@agentloom/db/testing';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../../auth/roles';
import { createTestAgent, createTestPlatform, silentLogger, type TestPlatform } from '../../testing';
import { writeStepRows, writeStepRowsInOrder, type StepRowsDocument } from './write-step-rows';

type Checkpoint = { retainedFor: 'latest' | 'approval'; markPrevious?: boolean };

/**
 * Deferred steps written in one statement leave out the checkpoints the next document prunes anyway
 * (ADR 0087). What must not change is what survives: for every mix of retention (latest, approval
 * point) and "keep the one before a failure" marks, the checkpoints left after one statement are the
 * ones the same documents leave when each is written by a statement of its own, as before.
 */
describe.each(databaseModes)('superseded deferred checkpoints (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  let agentId: string;

  beforeAll(async () => {
    test = await createTestPlatform(mode, silentLogger);
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    agentId = await createTestAgent(test.platform.database, { tenantId: principal.tenantId, slug: 'checkpoints', config: { demoScript: { replies: [{ text: 'Done.' }] } } });
  });
  afterAll(() => test?.dispose());

  function documentFor(runId: string, index: number, checkpoint: Checkpoint): StepRowsDocument {
    const now = new Date(Date.UTC(2026, 11, 3, 8, 0, index)).toISOString();
    return {
      runId,
      tenantId: principal.tenantId,
      threadId: null,
      now,
      step: { id: uuidv7(), index, kind: 'model_call', status: 'succeeded', inputTokens: 1, outputTokens: 1, costUsd: 0, startedAt: now },
      messages: [],
      toolCalls: [],
      checkpoint: {
        id: uuidv7(),
        seq: index,
        stepIndex: index,
        formatVersion: 1,
        state: { step: index, transcript: 'x'.repeat(100 * index) },
        moduleBindings: {},
        byteSize: 100 * index,
        retainedFor: checkpoint.retainedFor,
        markPreviousBeforeFailure: checkpoint.markPrevious ?? false,
      },
    };
  }

  /** A run with one committed step (checkpoint 0, latest), and the documents of the steps after it. */
  async function runWithDocuments(batch: readonly Checkpoint[]): Promise<{ runId: string; documents: StepRowsDocument[] }> {
    const { run } = await test.platform.runs.create(principal, { agentId, input: 'checkpoints' });
    await test.platform.database.prisma.$transaction((transaction) => writeStepRows(transaction, documentFor(run.id, 0, { retainedFor: 'latest' })));
    return { runId: run.id, documents: batch.map((checkpoint, position) => documentFor(run.id, position + 1, checkpoint)) };
  }

  async function survivors(runId: string) {
    return test.platform.database.prisma.checkpoint.findMany({ where: { runId }, orderBy: { seq: 'asc' }, select: { seq: true, retainedFor: true, state: true, byteSize: true } });
  }

  const batches: Record<string, Checkpoint[]> = {
    'three latest': [{ retainedFor: 'latest' }, { retainedFor: 'latest' }, { retainedFor: 'latest' }],
    'an approval point between': [{ retainedFor: 'latest' }, { retainedFor: 'approval' }, { retainedFor: 'latest' }],
    'a failure that keeps the one before it': [{ retainedFor: 'latest' }, { retainedFor: 'latest', markPrevious: true }, { retainedFor: 'latest' }],
    'a first step that keeps the committed one': [{ retainedFor: 'latest', markPrevious: true }, { retainedFor: 'latest' }, { retainedFor: 'latest' }],
    'a last step that keeps the one before it': [{ retainedFor: 'latest' }, { retainedFor: 'latest' }, { retainedFor: 'latest', markPrevious: true }],
    'approval points only': [{ retainedFor: 'approval' }, { retainedFor: 'approval' }],
  };

  it.each(Object.entries(batches))('leaves what one statement per step leaves: %s', async (_name, batch) => {
    const together = await runWithDocuments(batch);
    const oneByOne = await runWithDocuments(batch);
    await test.platform.database.prisma.$transaction((transaction) => writeStepRowsInOrder(transaction, together.documents));
    for (const document of oneByOne.documents) await test.platform.database.prisma.$transaction((transaction) => writeStepRows(transaction, document));
    const expected = await survivors(oneByOne.runId);
    expect(await survivors(together.runId)).toEqual(expected);
    // Steps are written either way.
    expect(await test.platform.database.prisma.step.count({ where: { runId: together.runId } })).toBe(batch.length + 1);
  });
});
