import { databaseModes } from '@agentloom/db/testing';
import { defineTool, type AnyTool } from '@agentloom/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import type { Principal } from '../auth/roles';
import { createTestAgent, createTestPlatform, type TestPlatform } from '../testing';

/** Real executions; the order's state changes after the refund, so the same lookup answers twice differently. */
const executed = { lookup: 0, refund: 0 };

const tools: AnyTool[] = [
  defineTool({
    name: 'lookup_order',
    description: 'Reads an order.',
    implementationId: 'replay-resume-test/v1/lookup_order',
    inputSchema: z.object({ orderId: z.string() }),
    sideEffects: 'none',
    execute: (args) => {
      executed.lookup += 1;
      return Promise.resolve({ content: `order ${args.orderId}: ${executed.refund > 0 ? 'refunded' : 'paid'}` });
    },
  }),
  defineTool({
    name: 'refund_order',
    description: 'Refunds an order.',
    implementationId: 'replay-resume-test/v1/refund_order',
    inputSchema: z.object({ orderId: z.string() }),
    sideEffects: 'unsafe',
    execute: (args) => {
      executed.refund += 1;
      return Promise.resolve({ content: `refunded ${args.orderId}` });
    },
  }),
];

const script = {
  replies: [
    { text: 'Looking the order up.', toolCalls: [{ name: 'lookup_order', arguments: { orderId: 'A1' } }] },
    { text: 'Refunding.', toolCalls: [{ name: 'refund_order', arguments: { orderId: 'A1' } }] },
    { text: 'Checking it again.', toolCalls: [{ name: 'lookup_order', arguments: { orderId: 'A1' } }] },
    { text: 'Order A1 refunded.' },
  ],
};

/**
 * A recorded replay that pauses (here for an approval) commits what it ran and resumes in a new
 * attempt; the resumed attempt must go on with the recorded results its committed steps did not use
 * (ADR 0059's served count, which ADR 0071 reads only for a replay that has a checkpoint).
 */
describe.each(databaseModes)('recorded replay paused for an approval (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  let agentId: string;

  beforeAll(async () => {
    test = await createTestPlatform(mode, undefined, { tools });
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    agentId = await createTestAgent(test.platform.database, {
      tenantId: principal.tenantId,
      slug: 'refunds-approved',
      config: { instructions: 'You handle refunds.', tools: ['lookup_order', 'refund_order'], approvals: { refund_order: 'always' }, demoScript: script },
    });
    await test.platform.executor.start();
  });
  afterAll(() => test?.dispose());

  async function approveWhenAsked(runId: string): Promise<void> {
    await expect.poll(async () => (await test.platform.runs.get(principal, { runId })).status, { timeout: 60_000 }).toBe('waiting_human');
    const [approval] = (await test.platform.approvals.list(principal, { runId, status: 'pending' })).approvals;
    await test.platform.approvals.decide(principal, { approvalId: approval!.id, decision: 'approve' });
  }

  it('resumes after the approval with the next recorded result of a repeated call, not the first one again', async () => {
    // The order is paid again for each mode's recording.
    Object.assign(executed, { lookup: 0, refund: 0 });
    const { run } = await test.platform.runs.create(principal, { agentId, agentVersion: 1, input: 'Refund order A1' });
    await approveWhenAsked(run.id);
    await expect.poll(async () => (await test.platform.runs.get(principal, { runId: run.id })).status, { timeout: 60_000 }).toBe('succeeded');
    await test.platform.datasets.create(principal, { name: `approved-${mode}` });
    await test.platform.datasets.addRuns(principal, { name: `approved-${mode}`, runIds: [run.id] });
    const recorded = { ...executed };

    const experiment = await test.platform.experiments.create(principal, {
      dataset: `approved-${mode}`,
      agentId,
      agentVersion: 1,
      scorers: [{ type: 'exact' }, { type: 'tool-sequence' }],
    });
    const replayRunId =
      experiment.results[0]?.runId ?? (await test.platform.database.prisma.evalResult.findFirstOrThrow({ where: { experimentId: experiment.id } })).runId;
    await approveWhenAsked(replayRunId);
    let view = experiment;
    await expect
      .poll(
        async () => {
          view = await test.platform.experiments.get(principal, { experimentId: experiment.id });
          return view.status;
        },
        { timeout: 60_000 },
      )
      .toBe('completed');

    const ledger = await test.platform.database.prisma.toolCall.findMany({
      where: { runId: replayRunId },
      orderBy: [{ createdAt: 'asc' }, { callId: 'asc' }],
      select: { name: true, result: true },
    });
    expect(ledger.map((call) => [call.name, (call.result as { content: string }).content, (call.result as { data: { replay: string } }).data.replay])).toEqual([
      ['lookup_order', 'order A1: paid', 'recorded'],
      ['refund_order', 'refunded A1', 'recorded'],
      ['lookup_order', 'order A1: refunded', 'recorded'],
    ]);
    expect(view.results[0]).toMatchObject({ status: 'passed', firstDivergentStep: null });
    // Served from the recording: neither tool ran again.
    expect(executed).toEqual(recorded);
  });
});
