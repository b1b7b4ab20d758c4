import { databaseModes } from '@agentloom/db/testing';
import { defineTool } from '@agentloom/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import type { Principal } from '../../auth/roles';
import { createTestAgent, createTestPlatform, silentLogger, type TestPlatform } from '../../testing';

/**
 * A parent that delegates a payment to a sub-agent; the sub-agent calls an `unsafe` tool whose
 * approval rule is `always`. Before sub-agents went through the guarded path, the child ran the tool
 * with no approval, no ledger row and no tokens counted.
 */
describe.each(databaseModes)('a sub-agent inside the approval gate, the ledger and usage (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  let agentId: string;
  let holderId: string;
  const wired: string[] = [];
  let holds = 0;

  /** An unsafe call that runs until its attempt is aborted: the moment an executor dies inside a child. */
  const holdPayment = defineTool({
    name: 'hold_payment',
    description: 'Starts a payment that takes a long time.',
    implementationId: 'test-tools/v1/hold_payment',
    inputSchema: z.object({}),
    sideEffects: 'unsafe',
    execute: (_args, context) => {
      holds += 1;
      return new Promise((_resolve, reject) => context.signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true }));
    },
  });

  const wireMoney = defineTool({
    name: 'wire_money',
    description: 'Sends money (a side effect that must never run unapproved or twice).',
    implementationId: 'test-tools/v1/wire_money',
    inputSchema: z.object({ amount: z.number() }),
    sideEffects: 'unsafe',
    execute: (args, context) => {
      wired.push(context.idempotencyKey);
      return Promise.resolve({ content: `wired ${args.amount}` });
    },
  });

  beforeAll(async () => {
    test = await createTestPlatform(mode, silentLogger, {
      tools: [wireMoney, holdPayment],
      executor: { pollMs: 50, heartbeatMs: 100, recoveryIntervalMs: 200 },
    });
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    agentId = await createTestAgent(test.platform.database, {
      tenantId: principal.tenantId,
      slug: 'treasurer',
      name: 'Treasurer',
      config: {
        instructions: 'You run the treasury.',
        tools: ['wire_money'],
        approvals: { wire_money: 'always' },
        subAgents: [{ name: 'payer', description: 'Pays invoices', instructions: 'You pay invoices.' }],
        // The demo model answers by task: the parent's task delegates, the child's task pays.
        demoScript: {
          replies: [
            {
              whenTaskIncludes: 'settle the invoice',
              text: 'Delegating.',
              toolCalls: [{ name: 'delegate', arguments: { agent: 'payer', task: 'Pay invoice 42 now' } }],
            },
            { whenTaskIncludes: 'settle the invoice', text: 'Parent done.', toolCalls: [] },
            { whenTaskIncludes: 'pay invoice 42', text: 'Paying.', toolCalls: [{ name: 'wire_money', arguments: { amount: 42 } }] },
            { whenTaskIncludes: 'pay invoice 42', text: 'Child paid.', toolCalls: [] },
          ],
        },
      },
    });
    holderId = await createTestAgent(test.platform.database, {
      tenantId: principal.tenantId,
      slug: 'holder',
      name: 'Holder',
      config: {
        tools: ['hold_payment'],
        subAgents: [{ name: 'payer', instructions: 'You pay invoices.' }],
        completion: { verify: false, requireToolEvidence: false },
        demoScript: {
          replies: [
            {
              whenTaskIncludes: 'start the long payment',
              text: 'Delegating.',
              toolCalls: [{ name: 'delegate', arguments: { agent: 'payer', task: 'Hold payment 7' } }],
            },
            { whenTaskIncludes: 'start the long payment', text: 'Parent done.', toolCalls: [] },
            { whenTaskIncludes: 'hold payment 7', text: 'Holding.', toolCalls: [{ name: 'hold_payment', arguments: {} }] },
            { whenTaskIncludes: 'hold payment 7', text: 'Held.', toolCalls: [] },
          ],
        },
      },
    });
    await test.platform.executor.start();
  });
  afterAll(() => test?.dispose());

  const statusOf = async (runId: string) => (await test.platform.runs.get(principal, { runId })).status;
  const ledgerOf = (runId: string) => test.platform.database.prisma.toolCall.findMany({ where: { runId }, orderBy: { createdAt: 'asc' } });

  it("pauses the parent run on the child's approval, runs the tool only after it, once, and books the child in ledger and usage", async () => {
    wired.length = 0;
    const { run } = await test.platform.runs.create(principal, { agentId, input: 'Please settle the invoice' });
    await expect.poll(() => statusOf(run.id), { timeout: 30_000 }).toBe('waiting_human');
    expect(wired).toEqual([]);

    const [approval, ...others] = (await test.platform.approvals.list(principal, { runId: run.id, status: 'pending' })).approvals;
    expect(others).toEqual([]);
    expect(approval).toMatchObject({ toolName: 'wire_money', originalArguments: { amount: 42 } });
    const paused = await ledgerOf(run.id);
    const delegateRow = paused.find((call) => call.name === 'delegate')!;
    const childRow = paused.find((call) => call.name === 'wire_money')!;
    // The demo model gives parent and child the same call id; the child's is qualified by its parent call.
    expect(delegateRow).toMatchObject({ callId: 'demo-0-0', status: 'awaiting_approval', parentToolCallId: null });
    expect(childRow).toMatchObject({
      callId: 'demo-0-0/child-1/demo-0-0',
      status: 'awaiting_approval',
      parentToolCallId: delegateRow.id,
      subAgent: 'payer',
      childInstanceId: `${run.id}/child-1`,
      idempotencyKey: `${run.id}/child-1:demo-0-0`,
    });
    expect(childRow.stepId).toBe(delegateRow.stepId);
    const pausedRun = await test.platform.database.prisma.run.findUniqueOrThrow({ where: { id: run.id } });
    expect(pausedRun.leaseOwner).toBeNull();
    // The checkpoint holds the suspended child.
    const checkpoint = await test.platform.database.prisma.checkpoint.findFirstOrThrow({ where: { runId: run.id }, orderBy: { seq: 'desc' } });
    expect((checkpoint.state as { pendingCalls: { id: string; child?: { instanceId: string } }[] }).pendingCalls[0]?.child?.instanceId).toBe(
      `${run.id}/child-1`,
    );

    await test.platform.approvals.decide(principal, { approvalId: approval!.id, decision: 'approve' });
    await expect.poll(() => statusOf(run.id), { timeout: 30_000 }).toBe('succeeded');
    expect(wired).toEqual([`${run.id}/child-1:demo-0-0`]);

    const finished = await ledgerOf(run.id);
    expect(finished.find((call) => call.name === 'delegate')).toMatchObject({ status: 'succeeded' });
    const child = finished.find((call) => call.name === 'wire_money')!;
    expect(child).toMatchObject({ status: 'succeeded', parentToolCallId: delegateRow.id, result: { content: 'wired 42', isError: false } });
    expect((child.statusHistory as { status: string }[]).map((entry) => entry.status)).toEqual(['awaiting_approval', 'approved', 'running', 'succeeded']);
    const toolMessage = await test.platform.database.prisma.message.findFirstOrThrow({ where: { runId: run.id, role: 'tool' } });
    expect(toolMessage).toMatchObject({ toolCallId: 'demo-0-0', content: 'Child paid.', isError: false });

    // Usage: every model call of the run, the child's included, is counted in the run's totals.
    const view = await test.platform.runs.get(principal, { runId: run.id });
    const events = (await test.platform.runEvents.list(principal, { runId: run.id, limit: 1000 })).events;
    expect(events.map((event) => event.seq)).toEqual(events.map((_, index) => index + 1));
    const modelCalls = events.filter((event) => event.type === 'model-call-finished');
    const childCalls = modelCalls.filter((event) => (event.payload as { delegation?: { agent: string } }).delegation?.agent === 'payer');
    expect(childCalls.length).toBeGreaterThanOrEqual(2);
    expect(view.usage.modelCalls).toBe(modelCalls.length);
    const inputTokens = modelCalls.reduce((sum, event) => sum + (event.payload as { usage: { inputTokens: number } }).usage.inputTokens, 0);
    expect(view.usage.inputTokens).toBe(inputTokens);
    expect(events.some((event) => event.type === 'child-run-started')).toBe(true);
    expect(events.find((event) => event.type === 'tool-call-finished' && (event.payload as { callId: string }).callId === 'demo-0-0/child-1/demo-0-0')).toBeDefined();
  });

  it("a rejected child call never runs; its ledger row is rejected with the reviewer's reason", async () => {
    wired.length = 0;
    const { run } = await test.platform.runs.create(principal, { agentId, input: 'Please settle the invoice again' });
    await expect.poll(() => statusOf(run.id), { timeout: 30_000 }).toBe('waiting_human');
    const [approval] = (await test.platform.approvals.list(principal, { runId: run.id, status: 'pending' })).approvals;
    await test.platform.approvals.decide(principal, { approvalId: approval!.id, decision: 'reject', reason: 'Invoice 42 is disputed' });
    await expect.poll(() => statusOf(run.id), { timeout: 30_000 }).toBe('succeeded');
    expect(wired).toEqual([]);
    const child = (await ledgerOf(run.id)).find((call) => call.name === 'wire_money')!;
    expect(child).toMatchObject({ status: 'rejected', errorKind: 'rejected', errorMessage: expect.stringContaining('Invoice 42 is disputed') as string });
    const history = child.statusHistory as { status: string; reason?: string }[];
    expect(history.map((entry) => entry.status)).toEqual(['awaiting_approval', 'rejected']);
    expect(history[1]?.reason).toBe('Invoice 42 is disputed');
  });

  it("a crash inside a child leaves the child's ledger row; the next attempt asks an operator instead of repeating the delegation", async () => {
    const { prisma } = test.platform.database;
    const { run } = await test.platform.runs.create(principal, { agentId: holderId, input: 'Please start the long payment' });
    // The child's unsafe call is running: its row was written before the handler started.
    await expect
      .poll(() => prisma.toolCall.findFirst({ where: { runId: run.id, name: 'hold_payment', status: 'running' } }), { timeout: 30_000 })
      .not.toBeNull();
    expect(holds).toBe(1);
    // The executor dies inside the child: its lease is gone and expired, as after kill -9.
    await prisma.run.update({ where: { id: run.id }, data: { leaseOwner: 'dead-executor', leaseExpiresAt: new Date(Date.now() - 1_000) } });
    await expect.poll(() => statusOf(run.id), { timeout: 30_000 }).toBe('waiting_human');
    const delegating = await prisma.toolCall.findFirstOrThrow({ where: { runId: run.id, callId: 'demo-0-0' }, include: { approval: true, children: true } });
    expect(delegating).toMatchObject({ name: 'delegate', status: 'outcome_unknown', approval: { status: 'pending' } });
    expect(delegating.children.map((child) => [child.callId, child.name, child.status, child.subAgent])).toEqual([
      ['demo-0-0/child-1/demo-0-0', 'hold_payment', 'running', 'payer'],
    ]);
    expect(holds).toBe(1);

    // The operator says the delegation completed; the run finishes without running the child again,
    // and the child's call, still without an outcome, is closed as abandoned.
    await test.platform.approvals.decide(principal, { approvalId: delegating.approval!.id, decision: 'approve' });
    await expect.poll(() => statusOf(run.id), { timeout: 30_000 }).toBe('succeeded');
    expect(holds).toBe(1);
    const child = await prisma.toolCall.findFirstOrThrow({ where: { runId: run.id, callId: 'demo-0-0/child-1/demo-0-0' } });
    expect(child).toMatchObject({ status: 'abandoned', errorKind: 'abandoned' });
  });
});
