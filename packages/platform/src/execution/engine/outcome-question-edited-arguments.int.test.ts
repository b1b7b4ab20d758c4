import { databaseModes } from '@agentloom/db/testing';
import { defineTool } from '@agentloom/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import type { Principal } from '../../auth/roles';
import { createAndClaimRuns, createTestAgent, createTestPlatform, silentLogger, type TestPlatform } from '../../testing';
import { closeLeftoverToolCalls } from './close-leftover-tool-calls';

/**
 * A gate approved with edited arguments runs the call with the edit. When its executor dies mid-call, the
 * operator is asked whether that call completed, and must be shown the call that ran — the edit — not the
 * model's proposal: the answer "it completed" is recorded, told to the model and audited against those
 * arguments. The answered question used to lose the edit (the decision wrote `edited_arguments = NULL`), so
 * the approval, its audit entry and the model's note all named the proposal; and an "edit" of the question
 * could rewrite the ledger's arguments of a call that had already run (ADR 0105).
 */
describe.each(databaseModes)('an outcome question about a call that ran with edited arguments (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  const proposed = { invoice: 'INV-1' };
  const edited = { invoice: 'INV-2' };
  const paid: unknown[] = [];

  // Hangs until its run's attempt is aborted, as a call whose executor stopped while it ran.
  const payInvoice = defineTool({
    name: 'pay_invoice',
    description: 'Pays an invoice (unsafe).',
    implementationId: 'test-tools/v1/pay_invoice',
    inputSchema: z.object({ invoice: z.string() }),
    sideEffects: 'unsafe',
    execute: (input, context) => {
      paid.push(input);
      return new Promise((resolve) => context.signal.addEventListener('abort', () => resolve({ content: 'paid' }), { once: true }));
    },
  });

  const agentConfig = {
    tools: ['pay_invoice'],
    builtinTools: [],
    approvals: { pay_invoice: 'always' },
    completion: { verify: false, requireToolEvidence: false },
    demoScript: { replies: [{ text: 'Paying.', toolCalls: [{ name: 'pay_invoice', arguments: proposed }] }, { text: 'Done.' }] },
  };

  /** What every approval surface shows (REST, tRPC, MCP and the console read this list), for one approval. */
  const shown = async (approvalId: string) => {
    const { approvals } = await test.platform.approvals.list(principal, { limit: 200 });
    const approval = approvals.find((candidate) => candidate.id === approvalId);
    return approval && { kind: approval.kind, status: approval.status, originalArguments: approval.originalArguments, editedArguments: approval.editedArguments };
  };

  beforeAll(async () => {
    // The executor starts in the second test: the first claims its run by hand.
    test = await createTestPlatform(mode, silentLogger, { tools: [payInvoice], executor: { pollMs: 50, recoveryIntervalMs: 200 } });
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
  });
  afterAll(() => test?.dispose());

  it('asked when the run ends (the sweep): the question and its answer show the edited arguments as what ran', async () => {
    const { prisma } = test.platform.database;
    const agentId = await createTestAgent(test.platform.database, { tenantId: principal.tenantId, slug: 'sweep-payer', config: agentConfig });
    const [run] = await createAndClaimRuns(test.platform, principal, { agentId, owner: 'test-executor', count: 1 });
    // The earlier attempt's ledger: the gate approved with an edit, the call ran with it, its outcome is unknown.
    const call = await prisma.toolCall.create({
      data: {
        tenantId: principal.tenantId,
        runId: run!.id,
        callId: 'demo-0-0',
        name: 'pay_invoice',
        implementationId: 'test-tools/v1/pay_invoice',
        sideEffects: 'unsafe',
        arguments: proposed,
        editedArguments: edited,
        idempotencyKey: `${run!.id}:demo-0-0`,
        status: 'outcome_unknown',
        statusHistory: [{ status: 'outcome_unknown', at: new Date().toISOString(), attempt: 1 }],
      },
    });
    const gate = await prisma.approval.create({
      data: {
        tenantId: principal.tenantId,
        runId: run!.id,
        toolCallId: call.id,
        requestReason: 'pay_invoice requires approval',
        originalArguments: proposed,
        editedArguments: edited,
        status: 'approved',
        decidedAt: new Date(),
        decidedBy: 'reviewer',
      },
    });
    await prisma.$transaction(async (transaction) => {
      await transaction.run.update({ where: { id: run!.id }, data: { status: 'failed', finishedAt: new Date(), leaseOwner: null, leaseExpiresAt: null } });
      await closeLeftoverToolCalls(transaction, run!, run!.attempt, 'failed');
    });

    const question = await prisma.approval.findUniqueOrThrow({ where: { toolCallId: call.id } });
    expect(question.id).not.toBe(gate.id);
    expect(question.requestReason).toMatch(/^outcome unknown: /);
    expect(await shown(question.id)).toEqual({ kind: 'outcome-question', status: 'pending', originalArguments: proposed, editedArguments: edited });

    const answered = await test.platform.approvals.decide(principal, { approvalId: question.id, decision: 'approve' });
    expect(answered).toMatchObject({ kind: 'outcome-question', status: 'approved', originalArguments: proposed, editedArguments: edited });
    expect(await shown(question.id)).toEqual({ kind: 'outcome-question', status: 'approved', originalArguments: proposed, editedArguments: edited });
    expect(await prisma.toolCall.findUniqueOrThrow({ where: { id: call.id }, select: { status: true, editedArguments: true } })).toEqual({
      status: 'succeeded',
      editedArguments: edited,
    });
  });

  it('asked by the step commit after a crash: shown, answered, audited and told to the model as the edited call, and never re-edited', async () => {
    const { prisma } = test.platform.database;
    await test.platform.executor.start();
    const agentId = await createTestAgent(test.platform.database, { tenantId: principal.tenantId, slug: 'invoice-payer', config: agentConfig });
    const { run } = await test.platform.runs.create(principal, { agentId, input: 'pay INV-1' });
    const status = async () => (await prisma.run.findUniqueOrThrow({ where: { id: run.id } })).status;
    await expect.poll(status, { timeout: 60_000 }).toBe('waiting_human');
    const [gate] = (await test.platform.approvals.list(principal, { runId: run.id, status: 'pending' })).approvals;
    // Before the call runs it is a gate, which may be edited; after the crash the same call's row is a question.
    expect(gate!.kind).toBe('gate');
    await test.platform.approvals.decide(principal, { approvalId: gate!.id, decision: 'edit', arguments: edited });
    await expect.poll(() => paid.length, { timeout: 60_000 }).toBe(1);
    expect(paid).toEqual([edited]);
    // The executor dies mid-call: its lease expires and recovery hands the run to the next attempt, which asks.
    await prisma.run.update({ where: { id: run.id }, data: { leaseOwner: 'dead-executor', leaseExpiresAt: new Date(Date.now() - 60_000) } });
    await expect
      .poll(async () => (await test.platform.approvals.list(principal, { runId: run.id, status: 'pending' })).approvals.length, { timeout: 60_000 })
      .toBe(1);
    await expect.poll(status, { timeout: 60_000 }).toBe('waiting_human');
    const [question] = (await test.platform.approvals.list(principal, { runId: run.id, status: 'pending' })).approvals;
    expect(question!.requestReason).toMatch(/^outcome unknown: pay_invoice was running when its executor stopped/);
    expect(await shown(question!.id)).toEqual({ kind: 'outcome-question', status: 'pending', originalArguments: proposed, editedArguments: edited });

    // The call already ran: editing the question would record arguments it never ran with. Refused, nothing written.
    const editing = await test.platform.approvals.decide(principal, { approvalId: question!.id, decision: 'edit', arguments: { invoice: 'INV-3' } }).then(
      () => 'decided',
      (error: { kind?: string; field?: string }) => `refused (${error.kind ?? 'error'} on ${error.field ?? '?'})`,
    );
    expect(editing).toBe('refused (validation on decision)');
    expect(await shown(question!.id)).toEqual({ kind: 'outcome-question', status: 'pending', originalArguments: proposed, editedArguments: edited });
    expect(await prisma.toolCall.findFirstOrThrow({ where: { runId: run.id }, select: { status: true, editedArguments: true } })).toEqual({
      status: 'outcome_unknown',
      editedArguments: edited,
    });

    const answered = await test.platform.approvals.decide(principal, { approvalId: question!.id, decision: 'approve' });
    expect(answered).toMatchObject({ kind: 'outcome-question', status: 'approved', originalArguments: proposed, editedArguments: edited });
    await expect.poll(status, { timeout: 60_000 }).toBe('succeeded');
    expect(await shown(question!.id)).toEqual({ kind: 'outcome-question', status: 'approved', originalArguments: proposed, editedArguments: edited });

    // The run view's ledger: the call completed, with the edit it ran with.
    const { toolCalls } = await test.platform.toolCalls.list(principal, { runId: run.id });
    expect(toolCalls.map((call) => ({ status: call.status, arguments: call.arguments, editedArguments: call.editedArguments }))).toEqual([
      { status: 'succeeded', arguments: proposed, editedArguments: edited },
    ]);
    // The audit entry of the answer names the arguments that ran.
    const audit = await prisma.auditLog.findFirstOrThrow({ where: { targetId: question!.id, action: 'approval.approve' } });
    expect(audit.after).toMatchObject({ status: 'approved', arguments: edited });
    // The model is told which call completed: the edited one.
    const notes = await prisma.message.findMany({ where: { runId: run.id, role: 'user', content: { startsWith: 'Operator decision on pay_invoice' } } });
    expect(notes.map((note) => note.content)).toEqual([
      `Operator decision on pay_invoice (demo-0-0), which ran with arguments an approver edited, ${JSON.stringify(edited)}, and whose outcome was unknown after a crash: it completed; do not repeat it.`,
    ]);
    expect(paid).toEqual([edited]);
  });
});
