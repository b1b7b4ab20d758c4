import { databaseModes } from '@agentloom/db/testing';
import { defineTool } from '@agentloom/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import type { Principal } from '../auth/roles';
import { createTestAgent, createTestPlatform, silentLogger, type TestPlatform } from '../testing';

let payments = 0;
const payTool = defineTool({
  name: 'pay',
  description: 'Pays.',
  implementationId: 'test-tools/v1/pay',
  inputSchema: z.object({}),
  sideEffects: 'unsafe',
  execute: () => {
    payments += 1;
    return Promise.resolve({ content: 'paid' });
  },
});

/** An agent whose one `pay` call always needs an approval, which expires after an hour. */
const payerConfig = {
  tools: ['pay'],
  builtinTools: [],
  approvals: { pay: 'always' },
  approvalExpiryMinutes: 60,
  completion: { verify: false, requireToolEvidence: false },
  demoScript: { replies: [{ text: 'Paying.', toolCalls: [{ name: 'pay', arguments: {} }] }, { text: 'Not paid.' }] },
};

/**
 * The executor's sweep expires approvals past their deadline (`expireApprovals`, which locks the run
 * row with the approval's, skipping held ones): the call is closed `expired`, never run, and the run
 * resumes with the expiry as the tool's answer.
 */
describe.each(databaseModes)('an approval past its deadline (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  let agentId: string;

  beforeAll(async () => {
    test = await createTestPlatform(mode, silentLogger, { tools: [payTool], executor: { pollMs: 50, recoveryIntervalMs: 200 } });
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    agentId = await createTestAgent(test.platform.database, {
      tenantId: principal.tenantId,
      slug: 'payer',
      config: payerConfig,
    });
    await test.platform.executor.start();
  }, 300_000);
  afterAll(() => test?.dispose());

  it('is expired by the sweep; the call never runs and the run goes on', async () => {
    const { prisma } = test.platform.database;
    const { run } = await test.platform.runs.create(principal, { agentId, input: 'pay' });
    await expect.poll(() => prisma.approval.count({ where: { runId: run.id, status: 'pending' } }), { timeout: 60_000 }).toBe(1);
    await prisma.approval.updateMany({ where: { runId: run.id }, data: { expiresAt: new Date(Date.now() - 1_000) } });

    await expect.poll(async () => (await prisma.run.findUniqueOrThrow({ where: { id: run.id } })).status, { timeout: 60_000 }).toBe('succeeded');
    expect(await prisma.approval.findFirstOrThrow({ where: { runId: run.id } })).toMatchObject({ status: 'expired', decisionReason: 'expired' });
    // Expired by the sweep, then closed as the rejection the model read when the run resumed.
    expect((await prisma.toolCall.findFirstOrThrow({ where: { runId: run.id } })).status).toBe('rejected');
    const decided = await prisma.runEvent.findFirst({ where: { runId: run.id, type: 'approval-decided' } });
    expect(decided?.payload).toMatchObject({ decision: 'expired', by: 'system' });
    expect(payments).toBe(0);
  });
});

/**
 * An approval past its deadline that the sweep has not recorded yet (it runs with the executors'
 * recovery, here once an hour, and not at all without an executor) is shown as a decision would find
 * it: expired. Before, the inbox and its badge offered it as pending, and deciding it was refused.
 */
describe.each(databaseModes)('an approval past its deadline, before the sweep (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  let agentId: string;

  beforeAll(async () => {
    test = await createTestPlatform(mode, silentLogger, { tools: [payTool], executor: { pollMs: 50, recoveryIntervalMs: 3_600_000 } });
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    agentId = await createTestAgent(test.platform.database, {
      tenantId: principal.tenantId,
      slug: 'payer',
      config: payerConfig,
    });
    await test.platform.executor.start();
  }, 300_000);
  afterAll(() => test?.dispose());

  it('is neither listed nor counted as pending, is listed as expired, and a decision is refused', async () => {
    const { prisma } = test.platform.database;
    const { run } = await test.platform.runs.create(principal, { agentId, input: 'pay' });
    await expect.poll(() => test.platform.approvals.pendingCount(principal), { timeout: 60_000 }).toBe(1);
    const [approval] = (await test.platform.approvals.list(principal, { status: 'pending' })).approvals;
    expect(approval?.runId).toBe(run.id);

    await prisma.approval.updateMany({ where: { runId: run.id }, data: { expiresAt: new Date(Date.now() - 60_000) } });

    expect(await test.platform.approvals.pendingCount(principal)).toBe(0);
    expect((await test.platform.approvals.list(principal, { status: 'pending' })).approvals).toEqual([]);
    const expired = (await test.platform.approvals.list(principal, { status: 'expired' })).approvals;
    expect(expired.map((row) => [row.id, row.status])).toEqual([[approval!.id, 'expired']]);
    await expect(test.platform.approvals.decide(principal, { approvalId: approval!.id, decision: 'approve' })).rejects.toMatchObject({ kind: 'conflict' });
    // Nothing was recorded by the views: the sweep still owns the change.
    expect(await prisma.approval.findUniqueOrThrow({ where: { id: approval!.id }, select: { status: true } })).toEqual({ status: 'pending' });
  });
});
