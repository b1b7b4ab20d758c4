import { databaseModes } from '@agentloom/db/testing';
import { defineTool, type AnyTool } from '@agentloom/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import type { Principal } from '../../auth/roles';
import { createTestAgent, createTestPlatform, silentLogger, type TestPlatform } from '../../testing';

const refunds: unknown[] = [];
/** Holds the executor's only slot until released. */
let release: () => void = () => undefined;
const tools: AnyTool[] = [
  defineTool({
    name: 'hold',
    description: 'Holds.',
    implementationId: 'test-tools/v1/hold',
    inputSchema: z.object({}),
    sideEffects: 'none',
    execute: () => new Promise((resolve) => (release = () => resolve({ content: 'released' }))),
  }),
  defineTool({
    name: 'refund_order',
    description: 'Refunds an order.',
    implementationId: 'test-tools/v1/refund_order',
    inputSchema: z.object({ orderId: z.string() }),
    sideEffects: 'unsafe',
    execute: (args) => {
      refunds.push(args);
      return Promise.resolve({ content: `refunded ${args.orderId}` });
    },
  }),
];

/**
 * ADR 0048: an unsafe tool is never executed by a replay. Found by the replay audit: a retry (or
 * re-run, or fork) of a replay run was an ordinary live run of the case, linked to the replay but
 * not a replay itself, so it executed the recorded unsafe call for real. They are refused now.
 */
describe.each(databaseModes)('repeating a replay run (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  let agentId: string;
  let holderId: string;

  beforeAll(async () => {
    test = await createTestPlatform(mode, silentLogger, { tools, executor: { pollMs: 100, concurrency: 1 } });
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    agentId = await createTestAgent(test.platform.database, {
      tenantId: principal.tenantId,
      slug: 'refunds',
      config: {
        instructions: 'You refund.',
        tools: ['refund_order'],
        completion: { verify: false, requireToolEvidence: false },
        demoScript: { replies: [{ text: 'Refunding.', toolCalls: [{ name: 'refund_order', arguments: { orderId: 'A1' } }] }, { text: 'Order A1 refunded.' }] },
      },
    });
    holderId = await createTestAgent(test.platform.database, {
      tenantId: principal.tenantId,
      slug: 'holder',
      config: {
        instructions: 'Hold.',
        tools: ['hold'],
        completion: { verify: false, requireToolEvidence: false },
        demoScript: { replies: [{ text: 'Holding.', toolCalls: [{ name: 'hold', arguments: {} }] }, { text: 'Released.' }] },
      },
    });
  }, 300_000);
  afterAll(() => test?.dispose());

  const statusOf = async (runId: string) => (await test.platform.runs.get(principal, { runId })).status;

  it('refuses a retry, re-run or fork of it, so the recorded unsafe call is never executed for real', async () => {
    await test.platform.executor.start();
    const { run } = await test.platform.runs.create(principal, { agentId, input: 'Refund order A1' });
    await expect.poll(() => statusOf(run.id), { timeout: 60_000 }).toBe('succeeded');
    const realBefore = refunds.length;
    // The only executor slot is busy, so the replay stays queued until the operator cancels it.
    const { run: holding } = await test.platform.runs.create(principal, { agentId: holderId, input: 'hold' });
    await expect.poll(() => statusOf(holding.id), { timeout: 60_000 }).toBe('running');
    await test.platform.datasets.create(principal, { name: `retry-${mode}` });
    await test.platform.datasets.addRuns(principal, { name: `retry-${mode}`, runIds: [run.id] });
    const experiment = await test.platform.experiments.create(principal, { dataset: `retry-${mode}`, agentId, agentVersion: 1 });
    const replayRunId = experiment.results[0]!.runId;
    await test.platform.runs.cancel(principal, { runId: replayRunId });
    await expect.poll(() => statusOf(replayRunId), { timeout: 60_000 }).toBe('cancelled');

    // The operator presses Retry on the replay run's page, or re-runs or forks it.
    const refusal = await test.platform.runs.retry(principal, { runId: replayRunId }).catch((error: unknown) => error);
    expect(refusal).toMatchObject({ kind: 'conflict', field: 'runId' });
    expect((refusal as Error).message).toContain(experiment.id);
    release();
    await expect(test.platform.runs.rerun(principal, { runId: replayRunId })).rejects.toMatchObject({ kind: 'conflict', field: 'runId' });
    await expect(test.platform.runs.fork(principal, { runId: replayRunId, stepIndex: 1 })).rejects.toMatchObject({ kind: 'conflict', field: 'runId' });
    expect(
      await test.platform.database.prisma.run.count({
        where: { OR: [{ retryOfRunId: replayRunId }, { rerunOfRunId: replayRunId }, { forkOfRunId: replayRunId }] },
      }),
    ).toBe(0);
    expect(refunds.length - realBefore).toBe(0);
  });
});
