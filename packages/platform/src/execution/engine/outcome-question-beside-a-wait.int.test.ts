import { databaseModes } from '@agentloom/db/testing';
import { defineTool } from '@agentloom/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import type { Principal } from '../../auth/roles';
import { createTestAgent, createTestPlatform, silentLogger, type TestPlatform } from '../../testing';

/**
 * "The run waits for an operator" when a call's outcome is unknown (ADR 0105), also when the step whose ledger
 * found it parked a durable wait beside it (a `sleep` in the same batch, ADR 0044). An audit found such a run
 * parked `waiting` with a wake time: the timer woke it and the model went on, and finished, without the answer.
 * Now it parks `waiting_human` with no wake time; the answer queues it again and the sleep completes on resume.
 */
describe.each(databaseModes)('an unknown outcome asked about in a step that also sleeps (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  let payments = 0;
  // Hangs until its attempt is aborted, as a call whose executor stopped while it ran.
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

  it('waits for the operator, not for the timer, then completes its wait after the answer', async () => {
    const { prisma } = test.platform.database;
    const agentId = await createTestAgent(test.platform.database, {
      tenantId: principal.tenantId,
      slug: 'sleepy-payer',
      config: {
        tools: ['pay_invoice'],
        builtinTools: ['sleep'],
        approvals: { pay_invoice: 'always' },
        completion: { verify: false, requireToolEvidence: false },
        demoScript: {
          replies: [
            { text: 'Paying, then pausing a second.', toolCalls: [{ name: 'pay_invoice', arguments: { invoice: 'INV-7' } }, { name: 'sleep', arguments: { seconds: 1 } }] },
            { text: 'Done.' },
          ],
        },
      },
    });
    const { run } = await test.platform.runs.create(principal, { agentId, input: 'pay INV-7' });
    const runRow = () => prisma.run.findUniqueOrThrow({ where: { id: run.id }, select: { status: true, wakeAt: true } });
    const status = async () => (await runRow()).status;
    const pending = async () => (await test.platform.approvals.list(principal, { runId: run.id, status: 'pending' })).approvals;
    await expect.poll(status, { timeout: 60_000 }).toBe('waiting_human');
    const [gate] = await pending();
    await test.platform.approvals.decide(principal, { approvalId: gate!.id, decision: 'approve' });
    await expect.poll(() => payments, { timeout: 60_000 }).toBe(1);
    // The executor dies mid-call: recovery hands the run to the next attempt, whose ledger vetoes the call.
    await prisma.run.update({ where: { id: run.id }, data: { leaseOwner: 'dead-executor', leaseExpiresAt: new Date(Date.now() - 60_000) } });
    await expect.poll(async () => (await prisma.toolCall.findFirst({ where: { runId: run.id, name: 'pay_invoice' } }))?.status, { timeout: 60_000 }).toBe('outcome_unknown');
    await expect.poll(async () => (await pending()).length, { timeout: 60_000 }).toBe(1);
    await expect.poll(status, { timeout: 60_000 }).toBe('waiting_human');
    // The step that asked also parked the sleep; its second elapses, and the run still waits for its operator.
    expect(await prisma.runWait.count({ where: { runId: run.id } })).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const [question] = await pending();
    expect(question?.kind).toBe('outcome-question');
    expect(await runRow()).toEqual({ status: 'waiting_human', wakeAt: null });

    // The answer queues the run again: the sleep completes on resume, the payment is not repeated, and the model reads the answer.
    await test.platform.approvals.decide(principal, { approvalId: question!.id, decision: 'approve', reason: 'the payment went through' });
    await expect.poll(status, { timeout: 60_000 }).toBe('succeeded');
    expect(payments).toBe(1);
    const calls = await prisma.toolCall.findMany({ where: { runId: run.id }, select: { name: true, status: true }, orderBy: { name: 'asc' } });
    expect(calls).toEqual([
      { name: 'pay_invoice', status: 'succeeded' },
      { name: 'sleep', status: 'succeeded' },
    ]);
    expect(await prisma.runWait.findFirstOrThrow({ where: { runId: run.id }, select: { status: true } })).toEqual({ status: 'completed' });
    const notes = await prisma.message.findMany({ where: { runId: run.id, role: 'user' }, select: { content: true } });
    expect(notes.some((note) => /Operator decision on pay_invoice .*it completed; do not repeat it/.test(note.content))).toBe(true);
  });
});
