import { databaseModes } from '@agentloom/db/testing';
import { defineTool, type AnyTool } from '@agentloom/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import type { Principal } from '../auth/roles';
import { createTestAgent, createTestPlatform, type TestPlatform } from '../testing';
import type { ExperimentView } from './experiment-view';
import { completedExperiment } from './experiment-test-helpers';

/**
 * ADR 0059: a recorded replay keeps its ordinary steps in memory and commits them with its last
 * step. A worker that dies mid-case leaves nothing committed, and the case runs again from its first
 * step, exactly once more, to the same score. The crash point is a tool without side effects that
 * the case has no recording for (the dataset lets such a call run live): the first attempt blocks in
 * it until its executor loses the lease, as after kill -9.
 */
describe.each(databaseModes)('a recorded replay whose worker dies mid-case (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  let agentId: string;
  const stockChecks: string[] = [];
  const refunds: unknown[] = [];
  let blockNextStockCheck = true;

  const tools: AnyTool[] = [
    defineTool({
      name: 'lookup_order',
      description: 'Reads an order.',
      implementationId: 'replay-crash-test/v1/lookup_order',
      inputSchema: z.object({ orderId: z.string() }),
      sideEffects: 'none',
      execute: () => Promise.reject(new Error('a recorded replay serves this call; it must never run')),
    }),
    defineTool({
      name: 'check_stock',
      description: 'Reads the stock of an order.',
      implementationId: 'replay-crash-test/v1/check_stock',
      inputSchema: z.object({ orderId: z.string() }),
      sideEffects: 'none',
      execute: (args, context) => {
        stockChecks.push(args.orderId);
        if (!blockNextStockCheck) return Promise.resolve({ content: `order ${args.orderId}: in stock` });
        blockNextStockCheck = false;
        // The worker dies here: the call never returns, its attempt is aborted when the lease is lost.
        return new Promise((_resolve, reject) => context.signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true }));
      },
    }),
    defineTool({
      name: 'refund_order',
      description: 'Refunds an order.',
      implementationId: 'replay-crash-test/v1/refund_order',
      inputSchema: z.object({ orderId: z.string() }),
      sideEffects: 'unsafe',
      execute: (args) => {
        refunds.push(args);
        return Promise.resolve({ content: 'refunded' });
      },
    }),
  ];

  beforeAll(async () => {
    test = await createTestPlatform(mode, undefined, { tools, executor: { pollMs: 50, heartbeatMs: 100, recoveryIntervalMs: 200 } });
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    agentId = await createTestAgent(test.platform.database, {
      tenantId: principal.tenantId,
      slug: 'stock',
      config: {
        instructions: 'You check orders.',
        tools: ['lookup_order', 'check_stock', 'refund_order'],
        demoScript: {
          replies: [
            { text: 'Looking the order up.', toolCalls: [{ name: 'lookup_order', arguments: { orderId: 'A1' } }] },
            { text: 'Checking the stock.', toolCalls: [{ name: 'check_stock', arguments: { orderId: 'A1' } }] },
            { text: 'Order A1 is paid and in stock.' },
          ],
        },
      },
    });
    // A hand-written case: no recorded replies (the version's script answers), lookup_order recorded, check_stock not.
    await test.platform.datasets.create(principal, { name: `crash-${mode}`, unmatchedToolPolicy: 'live-if-no-side-effects' });
    const jsonl = JSON.stringify({ input: 'Check order A1', expectedOutput: 'Order A1 is paid and in stock.', toolResults: [{ name: 'lookup_order', arguments: { orderId: 'A1' }, content: 'order A1: paid' }] });
    await test.platform.datasets.importCases(principal, { name: `crash-${mode}`, jsonl });
    await test.platform.executor.start();
  }, 300_000);
  afterAll(() => test?.dispose());

  async function completed(experiment: ExperimentView): Promise<ExperimentView> {
    return completedExperiment(test, principal, experiment.id);
  }

  it('commits nothing before the case ends, starts the case again from its first step exactly once after the crash, and scores it as an uninterrupted replay', async () => {
    const { prisma } = test.platform.database;
    // The output verdict only: the hand-written case records one call and the replay makes two, which
    // a tool-sequence verdict would fail (it is still measured: the first divergent step).
    const scorers = [{ type: 'exact' }];
    const experiment = await test.platform.experiments.create(principal, { dataset: `crash-${mode}`, agentId, agentVersion: 1, scorers });
    const runId = experiment.results[0]!.runId;

    // The first attempt is inside check_stock, its second step: its first step ran and is held in memory only.
    await expect.poll(() => stockChecks.length, { timeout: 60_000 }).toBe(1);
    expect(await prisma.step.count({ where: { runId } })).toBe(0);
    expect(await prisma.toolCall.count({ where: { runId } })).toBe(0);
    expect(await prisma.checkpoint.count({ where: { runId } })).toBe(0);

    // The worker dies: its lease is gone and expired. Recovery queues attempt 2, which starts from step 0.
    await prisma.run.update({ where: { id: runId }, data: { leaseOwner: 'dead-executor', leaseExpiresAt: new Date(Date.now() - 1_000) } });
    await expect.poll(async () => (await prisma.run.findUniqueOrThrow({ where: { id: runId } })).status, { timeout: 60_000 }).toBe('succeeded');

    // Scored by the executor as the run finished, before anyone read the experiment.
    await expect.poll(async () => (await prisma.evalResult.findUniqueOrThrow({ where: { runId } })).status, { timeout: 60_000 }).toBe('passed');
    const run = await prisma.run.findUniqueOrThrow({ where: { id: runId }, select: { attempt: true, stepCount: true, toolCallCount: true } });
    expect(run).toEqual({ attempt: 2, stepCount: 3, toolCallCount: 2 });
    const started = await prisma.runEvent.findMany({ where: { runId, type: 'run-started' }, orderBy: { seq: 'asc' }, select: { payload: true } });
    expect(started.map((event) => (event.payload as { attempt: number }).attempt)).toEqual([1, 2]);
    // Each step and each call once, from the attempt that finished; one checkpoint, the last.
    expect((await prisma.step.findMany({ where: { runId }, orderBy: { index: 'asc' }, select: { index: true } })).map((step) => step.index)).toEqual([1, 2, 3]);
    const ledger = await prisma.toolCall.findMany({ where: { runId }, orderBy: [{ createdAt: 'asc' }, { callId: 'asc' }], select: { name: true, result: true, statusHistory: true } });
    expect(ledger.map((call) => [call.name, (call.result as { data: { replay: string } }).data.replay])).toEqual([
      ['lookup_order', 'recorded'],
      ['check_stock', 'live'],
    ]);
    expect(ledger.flatMap((call) => (call.statusHistory as { attempt: number }[]).map((entry) => entry.attempt))).toEqual([2, 2]);
    expect(await prisma.checkpoint.count({ where: { runId } })).toBe(1);
    // The call without side effects ran once per attempt; nothing unsafe ran.
    expect(stockChecks).toEqual(['A1', 'A1']);
    expect(refunds).toEqual([]);

    const crashed = await completed(experiment);
    const uninterrupted = await completed(await test.platform.experiments.create(principal, { dataset: `crash-${mode}`, agentId, agentVersion: 1, scorers }));
    expect(crashed.results[0]).toMatchObject({ status: 'passed', firstDivergentStep: 2 });
    expect(crashed.results.map((result) => result.scores)).toEqual(uninterrupted.results.map((result) => result.scores));
    expect(stockChecks).toEqual(['A1', 'A1', 'A1']);
  });
});
