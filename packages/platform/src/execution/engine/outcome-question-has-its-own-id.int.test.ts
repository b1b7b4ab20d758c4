import { databaseModes } from '@agentloom/db/testing';
import { defineTool } from '@agentloom/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import type { Principal } from '../../auth/roles';
import { createTestAgent, createTestPlatform, silentLogger, type TestPlatform } from '../../testing';

/**
 * "One decision wins: a later one is a conflict" — also for a decision delivered twice (a client's retry of
 * its POST, a stale bulk approve, an MCP client's retry). After a crash, a gated call's outcome is asked about
 * as an approval of the same call; asked under the gate's id, the second delivery of the gate's "approve"
 * found it pending and answered "it completed", settling the unknown outcome `succeeded` unasked (ADR 0105).
 */
describe.each(databaseModes)('a repeated gate decision after a crash (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  let payments = 0;

  // Hangs until its run's attempt is aborted, as a call whose executor stopped while it ran.
  const payInvoice = defineTool({
    name: 'pay_invoice',
    description: 'Pays an invoice (unsafe).',
    implementationId: 'test-tools/v1/pay_invoice',
    inputSchema: z.object({ invoice: z.string() }),
    sideEffects: 'unsafe',
    execute: (_input, context) => {
      payments += 1;
      return new Promise((resolve) => context.signal.addEventListener('abort', () => resolve({ content: 'paid' }), { once: true }));
    },
  });

  beforeAll(async () => {
    test = await createTestPlatform(mode, silentLogger, { tools: [payInvoice], executor: { pollMs: 50, recoveryIntervalMs: 200 } });
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    await test.platform.executor.start();
  });
  afterAll(() => test?.dispose());

  it('is refused instead of answering the outcome question, which is asked under an id of its own', async () => {
    const { prisma } = test.platform.database;
    const agentId = await createTestAgent(test.platform.database, {
      tenantId: principal.tenantId,
      slug: 'invoice-payer',
      config: {
        tools: ['pay_invoice'],
        builtinTools: [],
        approvals: { pay_invoice: 'always' },
        completion: { verify: false, requireToolEvidence: false },
        demoScript: { replies: [{ text: 'Paying.', toolCalls: [{ name: 'pay_invoice', arguments: { invoice: 'INV-1' } }] }, { text: 'Done.' }] },
      },
    });
    const { run } = await test.platform.runs.create(principal, { agentId, input: 'pay INV-1' });
    const status = async () => (await prisma.run.findUniqueOrThrow({ where: { id: run.id } })).status;
    await expect.poll(status, { timeout: 60_000 }).toBe('waiting_human');
    const [gate] = (await test.platform.approvals.list(principal, { runId: run.id, status: 'pending' })).approvals;
    const decision = { approvalId: gate!.id, decision: 'approve' as const };

    await test.platform.approvals.decide(principal, decision);
    await expect.poll(() => payments, { timeout: 60_000 }).toBe(1);
    // The executor dies mid-call: its lease expires and recovery hands the run to the next attempt.
    await prisma.run.update({ where: { id: run.id }, data: { leaseOwner: 'dead-executor', leaseExpiresAt: new Date(Date.now() - 60_000) } });
    await expect.poll(async () => (await prisma.toolCall.findFirst({ where: { runId: run.id } }))?.status, { timeout: 60_000 }).toBe('outcome_unknown');
    await expect.poll(status, { timeout: 60_000 }).toBe('waiting_human');

    const [question] = (await test.platform.approvals.list(principal, { runId: run.id, status: 'pending' })).approvals;
    expect(question!.requestReason).toMatch(/^outcome unknown: pay_invoice was running when its executor stopped/);
    expect(question!.id).not.toBe(gate!.id);
    expect(await prisma.approval.findUniqueOrThrow({ where: { id: question!.id }, select: { replacesApprovalId: true } })).toEqual({
      replacesApprovalId: gate!.id,
    });

    // The first decision's request is delivered a second time: it decides nothing.
    const second = await test.platform.approvals.decide(principal, decision).then(
      () => 'decided',
      (error: { kind?: string }) => `refused (${error.kind ?? 'error'})`,
    );
    expect(second).toBe('refused (conflict)');
    const call = await prisma.toolCall.findFirstOrThrow({ where: { runId: run.id }, select: { status: true } });
    expect(call.status).toBe('outcome_unknown');
    expect(await prisma.approval.findUniqueOrThrow({ where: { id: question!.id }, select: { status: true } })).toEqual({ status: 'pending' });
    expect(await status()).toBe('waiting_human');

    // The question itself is answered by its own id, and the run goes on without paying twice.
    await test.platform.approvals.decide(principal, { approvalId: question!.id, decision: 'approve', reason: 'the payment went through' });
    await expect.poll(status, { timeout: 60_000 }).toBe('succeeded');
    expect(await prisma.toolCall.findFirstOrThrow({ where: { runId: run.id }, select: { status: true } })).toEqual({ status: 'succeeded' });
    expect(payments).toBe(1);
  });
});
