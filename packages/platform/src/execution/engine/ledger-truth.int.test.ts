import { databaseModes } from '@agentloom/db/testing';
import { defineTool } from '@agentloom/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import type { Principal } from '../../auth/roles';
import { createTestAgent, createTestPlatform, silentLogger, type TestPlatform } from '../../testing';

/**
 * The ledger is the truth after a crash: rows an earlier attempt committed (a call that succeeded
 * before its step was committed; calls left running or of unknown outcome) are seeded before the
 * executor starts, as a crashed attempt would have left them.
 */
describe.each(databaseModes)('ledger truth across attempts (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  let replayRunId: string;
  let sweepRunId: string;
  let crashedChildRunId: string;
  let exhaustedRunId: string;
  let gatedRunId: string;
  let sweepGateId: string;
  let executions = 0;
  let invoicePayments = 0;
  let releaseInvoicePayment: (() => void) | undefined;

  const chargeCard = defineTool({
    name: 'charge_card',
    description: 'Charges a card (unsafe: must never run twice).',
    implementationId: 'test-tools/v1/charge_card',
    inputSchema: z.object({}),
    sideEffects: 'unsafe',
    execute: () => {
      executions += 1;
      return Promise.resolve({ content: 'charged now' });
    },
  });

  // Hangs on its first call until released, as a call whose executor stopped while it ran.
  const payInvoice = defineTool({
    name: 'pay_invoice',
    description: 'Pays an invoice (unsafe: must never run twice).',
    implementationId: 'test-tools/v1/pay_invoice',
    inputSchema: z.object({}),
    sideEffects: 'unsafe',
    execute: (_input, context) => {
      invoicePayments += 1;
      return new Promise((resolve) => {
        const done = () => resolve({ content: 'paid' });
        releaseInvoicePayment = done;
        context.signal.addEventListener('abort', done, { once: true });
      });
    },
  });

  const seedRow = (
    runId: string,
    callId: string,
    status: 'succeeded' | 'running' | 'outcome_unknown',
    result?: { content: string; isError: boolean },
    extra: { name?: string; implementationId?: string; parentToolCallId?: string; subAgent?: string; childInstanceId?: string } = {},
  ) =>
    test.platform.database.prisma.toolCall.create({
      data: {
        tenantId: principal.tenantId,
        runId,
        callId,
        name: 'charge_card',
        implementationId: 'test-tools/v1/charge_card',
        sideEffects: 'unsafe',
        arguments: {},
        idempotencyKey: `${runId}:${callId}`,
        status,
        statusHistory: [{ status, at: new Date().toISOString(), attempt: 1 }],
        ...(result ? { result } : {}),
        ...extra,
      },
    });

  beforeAll(async () => {
    test = await createTestPlatform(mode, silentLogger, { tools: [chargeCard, payInvoice], executor: { pollMs: 50, recoveryIntervalMs: 200 } });
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    const agentId = await createTestAgent(test.platform.database, {
      tenantId: principal.tenantId,
      slug: 'cashier',
      name: 'Cashier',
      config: {
        builtinTools: [],
        tools: ['charge_card'],
        completion: { verify: false, requireToolEvidence: false },
        demoScript: {
          replies: [
            { text: 'Charging.', toolCalls: [{ name: 'charge_card', arguments: {} }] },
            { text: 'All done.', toolCalls: [] },
          ],
        },
      },
    });
    // The executor is not started yet: the runs stay queued while the earlier attempt's rows are seeded.
    replayRunId = (await test.platform.runs.create(principal, { agentId, input: 'charge once' })).run.id;
    await seedRow(replayRunId, 'demo-0-0', 'succeeded', { content: 'charged in an earlier attempt', isError: false });
    sweepRunId = (await test.platform.runs.create(principal, { agentId, input: 'charge and leave leftovers' })).run.id;
    await seedRow(sweepRunId, 'earlier-running', 'running');
    // A gated call: its approval row is the gate's, approved (and soon to expire) before it ran and its executor stopped.
    const gated = await seedRow(sweepRunId, 'earlier-unknown', 'outcome_unknown');
    sweepGateId = (
      await test.platform.database.prisma.approval.create({
        data: {
          tenantId: principal.tenantId,
          runId: sweepRunId,
          toolCallId: gated.id,
          requestReason: 'charge_card requires approval (unsafe side effects)',
          originalArguments: {},
          status: 'approved',
          decidedAt: new Date(),
          decidedBy: 'reviewer',
          expiresAt: new Date(Date.now() + 60_000),
        },
      })
    ).id;
    // An attempt that crashed inside a sub-agent: the delegating call was running, and the child's
    // ledger row says its unsafe call completed.
    const delegatorId = await createTestAgent(test.platform.database, {
      tenantId: principal.tenantId,
      slug: 'delegator',
      name: 'Delegator',
      config: {
        tools: ['charge_card'],
        subAgents: [{ name: 'charger', instructions: 'You charge cards.' }],
        completion: { verify: false, requireToolEvidence: false },
        demoScript: {
          replies: [
            {
              whenTaskIncludes: 'delegate the charge',
              text: 'Delegating.',
              toolCalls: [{ name: 'delegate', arguments: { agent: 'charger', task: 'Charge the card' } }],
            },
            { whenTaskIncludes: 'delegate the charge', text: 'Parent done.', toolCalls: [] },
            { whenTaskIncludes: 'charge the card', text: 'Charging.', toolCalls: [{ name: 'charge_card', arguments: {} }] },
            { whenTaskIncludes: 'charge the card', text: 'Charged.', toolCalls: [] },
          ],
        },
      },
    });
    crashedChildRunId = (await test.platform.runs.create(principal, { agentId: delegatorId, input: 'Please delegate the charge' })).run.id;
    const delegating = await seedRow(crashedChildRunId, 'demo-0-0', 'running', undefined, { name: 'delegate', implementationId: 'builtin-tools/v1/delegate' });
    await seedRow(
      crashedChildRunId,
      'demo-0-0/child-1/demo-0-0',
      'succeeded',
      { content: 'charged before the crash', isError: false },
      { parentToolCallId: delegating.id, subAgent: 'charger', childInstanceId: `${crashedChildRunId}/child-1` },
    );
    const gatedPayerId = await createTestAgent(test.platform.database, {
      tenantId: principal.tenantId,
      slug: 'gated-payer',
      name: 'Gated payer',
      config: {
        builtinTools: [],
        tools: ['pay_invoice'],
        approvals: { pay_invoice: 'always' },
        // The gate expires; the question about the outcome must not.
        approvalExpiryMinutes: 60,
        completion: { verify: false, requireToolEvidence: false },
        demoScript: {
          replies: [
            { text: 'Paying.', toolCalls: [{ name: 'pay_invoice', arguments: {} }] },
            { text: 'Paid.', toolCalls: [] },
          ],
        },
      },
    });
    gatedRunId = (await test.platform.runs.create(principal, { agentId: gatedPayerId, input: 'pay the invoice' })).run.id;
    // A run whose last allowed attempt died with a call running: lease recovery ends it failed.
    exhaustedRunId = (await test.platform.runs.create(principal, { agentId, input: 'die with a call running' })).run.id;
    await test.platform.database.prisma.run.update({
      where: { id: exhaustedRunId },
      data: { status: 'running', attempt: 1, maxAttempts: 1, leaseOwner: 'dead-executor', leaseExpiresAt: new Date(Date.now() - 60_000) },
    });
    await seedRow(exhaustedRunId, 'demo-0-0', 'running');
    await test.platform.executor.start();
  });
  afterAll(() => test?.dispose());

  const statusOf = async (runId: string) => (await test.platform.runs.get(principal, { runId })).status;

  it('a call that succeeded in an earlier attempt answers with its recorded result, as a normal result, without running again', async () => {
    await expect.poll(() => statusOf(replayRunId), { timeout: 30_000 }).toBe('succeeded');
    const { prisma } = test.platform.database;
    const toolMessage = await prisma.message.findFirstOrThrow({ where: { runId: replayRunId, role: 'tool' } });
    expect(toolMessage).toMatchObject({ toolCallId: 'demo-0-0', content: 'charged in an earlier attempt', isError: false });
    const events = (await test.platform.runEvents.list(principal, { runId: replayRunId, limit: 1000 })).events;
    expect(events.find((event) => event.type === 'tool-call-finished')?.payload).toMatchObject({
      callId: 'demo-0-0',
      status: 'succeeded',
      isError: false,
      replayed: true,
    });
    expect(await prisma.toolCall.findFirstOrThrow({ where: { runId: replayRunId, callId: 'demo-0-0' } })).toMatchObject({
      status: 'succeeded',
      errorKind: null,
    });
  });

  it('when a run ends, no call stays running, and an unknown outcome gets an operator question', async () => {
    await expect.poll(() => statusOf(sweepRunId), { timeout: 30_000 }).toBe('succeeded');
    const { prisma } = test.platform.database;
    const running = await prisma.toolCall.findFirstOrThrow({ where: { runId: sweepRunId, callId: 'earlier-running' } });
    expect(running).toMatchObject({ status: 'abandoned', errorKind: 'abandoned' });
    expect(running.errorMessage).toContain('still running when the run ended (succeeded)');
    expect(running.finishedAt).not.toBeNull();
    expect(await prisma.toolCall.count({ where: { runId: sweepRunId, status: 'running' } })).toBe(0);
    const unknown = await prisma.toolCall.findFirstOrThrow({ where: { runId: sweepRunId, callId: 'earlier-unknown' }, include: { approval: true } });
    expect(unknown.status).toBe('outcome_unknown');
    expect(unknown.approval).toMatchObject({ status: 'pending' });
    expect(unknown.approval?.requestReason).toMatch(/^outcome unknown/);
    // The gate's row became the question under an id of its own: pending, about the outcome, and never expiring into an unasked answer.
    expect(unknown.approval).toMatchObject({ decidedAt: null, decidedBy: null, expiresAt: null, replacesApprovalId: sweepGateId });
    expect(unknown.approval?.id).not.toBe(sweepGateId);
    const events = (await test.platform.runEvents.list(principal, { runId: sweepRunId, limit: 1000 })).events;
    expect(events.map((event) => event.seq)).toEqual(events.map((_, index) => index + 1));
    expect(events.some((event) => event.type === 'tool-call-abandoned' && (event.payload as { callId: string }).callId === 'earlier-running')).toBe(true);
    expect(events.at(-1)).toMatchObject({ type: 'run-finished', payload: { status: 'succeeded' } });
  });

  it('after a crash inside a sub-agent, recovery does not run the delegation again: an operator is asked, and the ledger shows what the child did', async () => {
    await expect.poll(() => statusOf(crashedChildRunId), { timeout: 30_000 }).toBe('waiting_human');
    const { prisma } = test.platform.database;
    const delegating = await prisma.toolCall.findFirstOrThrow({
      where: { runId: crashedChildRunId, callId: 'demo-0-0' },
      include: { approval: true, children: true },
    });
    expect(delegating.status).toBe('outcome_unknown');
    expect(delegating.approval).toMatchObject({ status: 'pending' });
    expect(delegating.children.map((child) => [child.callId, child.status])).toEqual([['demo-0-0/child-1/demo-0-0', 'succeeded']]);
  });

  it('cancelling a run that waits on an unknown outcome withdraws the question and closes the call as abandoned', async () => {
    await expect.poll(() => statusOf(crashedChildRunId), { timeout: 30_000 }).toBe('waiting_human');
    await test.platform.runs.cancel(principal, { runId: crashedChildRunId });
    expect(await statusOf(crashedChildRunId)).toBe('cancelled');
    const { prisma } = test.platform.database;
    const delegating = await prisma.toolCall.findFirstOrThrow({
      where: { runId: crashedChildRunId, callId: 'demo-0-0' },
      include: { approval: true, children: true },
    });
    expect(delegating).toMatchObject({ status: 'abandoned', errorKind: 'abandoned', approval: { status: 'expired' } });
    expect(delegating.errorMessage).toContain('before an operator decided');
    expect(delegating.children.map((child) => child.status)).toEqual(['succeeded']);
    expect(await prisma.toolCall.count({ where: { runId: crashedChildRunId, status: { in: ['running', 'outcome_unknown'] } } })).toBe(0);
  });

  it("a gated call whose executor stopped after its approval: the gate's row becomes the outcome question under a new id, and answering it resumes the run without paying twice", async () => {
    const { prisma } = test.platform.database;
    await expect.poll(() => statusOf(gatedRunId), { timeout: 30_000 }).toBe('waiting_human');
    const gate = (await test.platform.approvals.list(principal, { runId: gatedRunId, status: 'pending' })).approvals;
    expect(gate).toHaveLength(1);
    expect(gate[0]!.expiresAt).not.toBeNull();
    await test.platform.approvals.decide(principal, { approvalId: gate[0]!.id, decision: 'approve' });
    await expect.poll(() => invoicePayments, { timeout: 30_000 }).toBe(1);
    // The executor "dies" mid-call: another owner's lease, already expired, which recovery takes back.
    await prisma.run.update({ where: { id: gatedRunId }, data: { leaseOwner: 'dead-executor', leaseExpiresAt: new Date(Date.now() - 60_000) } });

    await expect
      .poll(async () => (await prisma.toolCall.findFirst({ where: { runId: gatedRunId, callId: 'demo-0-0' } }))?.status, { timeout: 30_000 })
      .toBe('outcome_unknown');
    await expect.poll(() => statusOf(gatedRunId), { timeout: 30_000 }).toBe('waiting_human');
    const call = await prisma.toolCall.findFirstOrThrow({ where: { runId: gatedRunId, callId: 'demo-0-0' }, include: { approval: true } });
    // One row per call: the gate's approved row became a pending question about the outcome, which never expires,
    // under a NEW id (ADR 0105) — a repeated delivery of the gate's decision must not answer it.
    expect(await prisma.approval.count({ where: { runId: gatedRunId } })).toBe(1);
    expect(call.approval).toMatchObject({
      status: 'pending',
      decidedAt: null,
      decidedBy: null,
      decisionReason: null,
      expiresAt: null,
      replacesApprovalId: gate[0]!.id,
    });
    const questionId = call.approval!.id;
    expect(questionId).not.toBe(gate[0]!.id);
    expect(call.approval?.requestReason).toMatch(/^outcome unknown: pay_invoice was running when its executor stopped/);
    const asked = (await test.platform.runEvents.list(principal, { runId: gatedRunId, limit: 1000 })).events.filter(
      (event) => event.type === 'approval-requested',
    );
    expect(asked.at(-1)?.payload).toMatchObject({ approvalId: questionId, callId: 'demo-0-0', kind: 'outcome-unknown' });

    releaseInvoicePayment?.();
    await expect(test.platform.approvals.decide(principal, { approvalId: gate[0]!.id, decision: 'approve' })).rejects.toBeDefined();
    expect(await statusOf(gatedRunId)).toBe('waiting_human');
    await test.platform.approvals.decide(principal, { approvalId: questionId, decision: 'approve', reason: 'the payment went through' });
    await expect.poll(() => statusOf(gatedRunId), { timeout: 30_000 }).toBe('succeeded');
    expect(invoicePayments).toBe(1);
  });

  it('a run failed by lease recovery (attempts exhausted) leaves no call running', async () => {
    await expect.poll(() => statusOf(exhaustedRunId), { timeout: 30_000 }).toBe('failed');
    const call = await test.platform.database.prisma.toolCall.findFirstOrThrow({ where: { runId: exhaustedRunId, callId: 'demo-0-0' } });
    expect(call).toMatchObject({ status: 'abandoned', errorKind: 'abandoned' });
    expect(call.errorMessage).toContain('still running when the run ended (failed)');
  });

  it('ran the unsafe tool only for the run that had no earlier record', () => {
    expect(executions).toBe(1);
  });
});
