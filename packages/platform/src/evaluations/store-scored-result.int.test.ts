import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

import { databaseModes } from '@agentloom/db/testing';
import { defineTool } from '@agentloom/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import type { Principal } from '../auth/roles';
import { createTestAgent, createTestPlatform, type TestPlatform } from '../testing';
import { parseCaseFixture } from './case-fixture';
import { readReplayRunFacts } from './scoring/replay-run-facts';
import { storeCaseScore } from './store-case-score';
import { storeScoredResult } from './store-scored-result';

const lookup = defineTool({
  name: 'lookup_order',
  description: 'Reads an order.',
  implementationId: 'scored-result-test/v1/lookup_order',
  inputSchema: z.object({ orderId: z.string() }),
  sideEffects: 'none',
  execute: (args) => Promise.resolve({ content: `order ${args.orderId}: paid` }),
});

const script = {
  replies: [
    { text: 'Looking it up.', toolCalls: [{ name: 'lookup_order', arguments: { orderId: 'A1' } }] },
    { text: 'And the other one.', toolCalls: [{ name: 'lookup_order', arguments: { orderId: 'B2' } }] },
    { text: 'Both are paid.' },
  ],
};

/** Waits for a state (expect.poll is not available in a hook); the hook's timeout bounds it. */
async function until(reached: () => Promise<boolean>): Promise<void> {
  while (!(await reached())) await sleep(50);
}

/**
 * ADR 0077: a replay is scored with one read (run, calls, steps) and one write (score, feedback,
 * audit). The read gives what the three Prisma reads gave; the write stores exactly once, and only
 * for the tenant's own run.
 */
describe.each(databaseModes)('scoring a replay in two statements (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  let experimentId: string;
  let result: { id: string; runId: string; caseId: string };

  beforeAll(async () => {
    test = await createTestPlatform(mode, undefined, { tools: [lookup] });
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    const agentId = await createTestAgent(test.platform.database, { tenantId: principal.tenantId, slug: 'orders', config: { instructions: 'Orders.', tools: ['lookup_order'], demoScript: script } });
    await test.platform.executor.start();
    const { run } = await test.platform.runs.create(principal, { agentId, agentVersion: 1, input: 'Check A1 and B2' });
    await until(async () => (await test.platform.runs.get(principal, { runId: run.id })).status === 'succeeded');
    await test.platform.datasets.create(principal, { name: 'orders' });
    await test.platform.datasets.addRuns(principal, { name: 'orders', runIds: [run.id] });
    const experiment = await test.platform.experiments.create(principal, { dataset: 'orders', agentId, agentVersion: 1, scorers: [{ type: 'exact' }, { type: 'tool-sequence' }] });
    experimentId = experiment.id;
    await until(async () => (await test.platform.experiments.get(principal, { experimentId })).status === 'completed');
    result = await test.platform.database.prisma.evalResult.findFirstOrThrow({ where: { experimentId }, select: { id: true, runId: true, caseId: true } });
  }, 180_000);
  afterAll(() => test?.dispose());

  it('reads the run, its calls in ledger order with their step indexes and its last step as the Prisma reads did', async () => {
    const { prisma } = test.platform.database;
    const run = await prisma.run.findUniqueOrThrow({
      where: { id: result.runId },
      select: { status: true, output: true, errorMessage: true, stepCount: true, inputTokens: true, outputTokens: true, costUsd: true, startedAt: true, finishedAt: true },
    });
    const calls = await prisma.toolCall.findMany({ where: { runId: result.runId, parentToolCallId: null }, orderBy: [{ createdAt: 'asc' }, { callId: 'asc' }], select: { name: true, arguments: true, editedArguments: true, result: true, stepId: true } });
    const steps = await prisma.step.findMany({ where: { runId: result.runId }, select: { id: true, index: true } });
    const indexOf = new Map(steps.map((step) => [step.id, step.index]));

    const facts = await prisma.$transaction((transaction) => readReplayRunFacts(transaction, result.runId));

    expect(calls).toHaveLength(2);
    expect(facts).toEqual({
      status: run.status,
      output: run.output,
      errorMessage: run.errorMessage,
      stepCount: run.stepCount,
      tokens: run.inputTokens + run.outputTokens,
      costUsd: Number(run.costUsd),
      latencyMs: run.finishedAt!.getTime() - run.startedAt!.getTime(),
      lastStepIndex: Math.max(...steps.map((step) => step.index)),
      calls: calls.map((call) => ({
        name: call.name,
        arguments: call.editedArguments ?? call.arguments,
        stepIndex: call.stepId === null ? null : indexOf.get(call.stepId),
        unmatched: (call.result as { data?: { replay?: string } } | null)?.data?.replay === 'unmatched',
      })),
      // Read only for an experiment in live memory mode (replay-memory-mode.int.test.ts).
      memoryRead: null,
    });
    expect(facts.calls.map((call) => call.arguments)).toEqual([{ orderId: 'A1' }, { orderId: 'B2' }]);
  });

  it('stores the score, the feedback and its audit record once: a second writer stores nothing', async () => {
    const { prisma } = test.platform.database;
    const stored = await prisma.evalResult.findUniqueOrThrow({ where: { id: result.id }, select: { status: true } });
    expect(stored.status).toBe('passed');
    const feedback = await prisma.runFeedback.findMany({ where: { runId: result.runId } });
    expect(feedback).toEqual([
      expect.objectContaining({ tenantId: principal.tenantId, label: 'passed', reward: 1, comment: '', source: 'scorer', actorType: 'scorer', actorId: experimentId, actorName: 'experiment', stepIndex: null }),
    ]);
    const audit = await prisma.auditLog.findMany({ where: { tenantId: principal.tenantId, action: 'run.feedback', targetId: result.runId } });
    expect(audit).toEqual([
      expect.objectContaining({
        actorType: 'system',
        actorId: `scorer:${experimentId}`,
        targetType: 'run',
        after: { feedbackId: feedback[0]!.id, stepIndex: null, label: 'passed', reward: 1, source: 'scorer', commentCharacters: 0 },
      }),
    ]);

    const caseRow = await prisma.evalCase.findUniqueOrThrow({ where: { id: result.caseId } });
    const again = await prisma.$transaction((transaction) =>
      storeCaseScore(
        transaction,
        { tenantId: principal.tenantId, experimentId, baselineExperimentId: null, resultId: result.id, runId: result.runId, caseId: result.caseId, memoryMode: 'recorded' },
        parseCaseFixture(caseRow),
        [
          { type: 'exact', trim: false },
          { type: 'tool-sequence', namesOnly: false },
        ],
        new Map(),
      ),
    );
    expect(again).toBe(false);
    expect(await prisma.runFeedback.count({ where: { runId: result.runId } })).toBe(1);
    expect(await prisma.auditLog.count({ where: { tenantId: principal.tenantId, action: 'run.feedback', targetId: result.runId } })).toBe(1);
  });

  it('refuses a run of another tenant: nothing is stored, the result stays unscored', async () => {
    const { prisma } = test.platform.database;
    await prisma.evalResult.update({ where: { id: result.id }, data: { status: 'running' } });
    const verdict = { experimentId, resultId: result.id, runId: result.runId, passed: false, scores: [], deltas: {}, firstDivergentCall: null, firstDivergentStep: null, regression: false, failureReason: 'x', reward: 0, comment: 'x' };
    await expect(prisma.$transaction((transaction) => storeScoredResult(transaction, { ...verdict, tenantId: randomUUID() }))).rejects.toMatchObject({ kind: 'not-found' });
    expect((await prisma.evalResult.findUniqueOrThrow({ where: { id: result.id }, select: { status: true } })).status).toBe('running');
    expect(await prisma.runFeedback.count({ where: { runId: result.runId } })).toBe(1);

    await expect(prisma.$transaction((transaction) => storeScoredResult(transaction, { ...verdict, tenantId: principal.tenantId }))).resolves.toBe(true);
    expect((await prisma.evalResult.findUniqueOrThrow({ where: { id: result.id }, select: { status: true } })).status).toBe('failed');
    expect(await prisma.runFeedback.count({ where: { runId: result.runId } })).toBe(2);
  });
});
