import { randomUUID } from 'node:crypto';

import { databaseModes } from '@agentloom/db/testing';
import { defineTool } from '@agentloom/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import type { Principal } from '../auth/roles';
import { createTestAgent, createTestPlatform, silentLogger, type TestPlatform } from '../testing';
import { recoverExpiredLeases } from './recover-expired-leases';

/**
 * An `approved` call is one about to run. When its run ends before running it — cancelled once the decision
 * queued it again, cancelled while it waits for another decision, failed by recovery, its batch cancelled —
 * the ledger must not keep saying so: the call is closed `expired` (it never ran), with an end time and the
 * reason, and its approval stays `approved` (the record of the decision). The first tests seed the ledger
 * with no executor running; the last ones run the agent, and the last of all stops the executor.
 */
describe.each(databaseModes)('an approved call whose run ends before it ran (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  const executions: number[] = [];

  const pay = defineTool({
    name: 'pay',
    description: 'Pays an amount (unsafe).',
    implementationId: 'test-tools/v1/pay',
    inputSchema: z.object({ amount: z.number().int().positive() }),
    sideEffects: 'unsafe',
    execute: ({ amount }) => {
      executions.push(amount);
      return Promise.resolve({ content: `paid ${amount}` });
    },
  });

  beforeAll(async () => {
    test = await createTestPlatform(mode, silentLogger, { tools: [pay], executor: { pollMs: 50 } });
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
  });
  afterAll(() => test?.dispose());

  const prisma = () => test.platform.database.prisma;

  function payingAgent(amounts: number[]): Promise<string> {
    return createTestAgent(test.platform.database, {
      tenantId: principal.tenantId,
      slug: `payer-${randomUUID().slice(0, 8)}`,
      config: {
        tools: ['pay'],
        builtinTools: [],
        approvals: { pay: 'always' },
        completion: { verify: false, requireToolEvidence: false },
        demoScript: { replies: [{ text: 'Paying.', toolCalls: amounts.map((amount) => ({ name: 'pay', arguments: { amount } })) }, { text: 'Done.' }] },
      },
    });
  }

  /** A gated call of the run, approved and not started, as a decision leaves it (the run is queued again). */
  async function seedApprovedCall(runId: string): Promise<string> {
    const call = await prisma().toolCall.create({
      data: {
        tenantId: principal.tenantId,
        runId,
        callId: 'demo-0-0',
        name: 'pay',
        implementationId: 'test-tools/v1/pay',
        sideEffects: 'unsafe',
        arguments: { amount: 3 },
        idempotencyKey: `${runId}:demo-0-0`,
        status: 'approved',
        statusHistory: [{ status: 'awaiting_approval', at: new Date().toISOString(), attempt: 1 }],
      },
    });
    await prisma().approval.create({
      data: {
        tenantId: principal.tenantId,
        runId,
        toolCallId: call.id,
        requestReason: 'pay requires approval (unsafe side effects)',
        originalArguments: { amount: 3 },
        status: 'approved',
        decidedBy: 'reviewer',
        decidedAt: new Date(),
      },
    });
    return call.id;
  }

  /** The call's ledger row and its approval's status. */
  async function ledgerOf(toolCallId: string) {
    const call = await prisma().toolCall.findUniqueOrThrow({ where: { id: toolCallId }, include: { approval: true } });
    const last = (call.statusHistory as { status: string; reason?: string }[]).at(-1);
    return {
      status: call.status,
      errorKind: call.errorKind,
      errorMessage: call.errorMessage,
      finished: call.finishedAt !== null,
      last: { status: last?.status, reason: last?.reason },
      approval: call.approval?.status,
    };
  }

  const closedBecauseTheRunEnded = (runStatus: string) => ({
    status: 'expired',
    errorKind: 'run-ended',
    errorMessage: `pay was approved, but the run ended (${runStatus}) before it ran; it never ran`,
    finished: true,
    last: { status: 'expired', reason: `pay was approved, but the run ended (${runStatus}) before it ran; it never ran` },
    approval: 'approved',
  });

  it('recovery ending a run out of attempts closes its approved call', async () => {
    const { run } = await test.platform.runs.create(principal, { agentId: await payingAgent([3]), input: 'pay 3' });
    const toolCallId = await seedApprovedCall(run.id);
    // Claimed again after the decision, by an executor that died before it started the call, on its last attempt.
    await prisma().run.update({
      where: { id: run.id },
      data: { status: 'running', attempt: 1, maxAttempts: 1, leaseOwner: 'dead-executor', leaseExpiresAt: new Date(Date.now() - 60_000) },
    });
    expect((await recoverExpiredLeases(prisma())).map((entry) => [entry.runId, entry.outcome])).toEqual([[run.id, 'failed']]);
    expect(await ledgerOf(toolCallId)).toEqual(closedBecauseTheRunEnded('failed'));
  });

  it('cancelling its batch ends a queued item holding an approved call as a single cancel does, closing the call', async () => {
    const batch = await test.platform.batches.submit(principal, { agentId: await payingAgent([3]), concurrency: 1, items: ['pay 3'] });
    const item = await prisma().run.findFirstOrThrow({ where: { batchId: batch.id }, select: { id: true } });
    const toolCallId = await seedApprovedCall(item.id);
    await test.platform.batches.cancel(principal, { batchId: batch.id });
    expect((await prisma().run.findUniqueOrThrow({ where: { id: item.id } })).status).toBe('cancelled');
    expect(await ledgerOf(toolCallId)).toEqual(closedBecauseTheRunEnded('cancelled'));
  });

  /** Starts the executor (once) and runs the agent until the run waits for its approvals. */
  async function waitingRun(amounts: number[]): Promise<{ runId: string; approvals: { id: string; toolCallId: string }[] }> {
    await test.platform.executor.start();
    const { run } = await test.platform.runs.create(principal, { agentId: await payingAgent(amounts), input: 'pay' });
    await expect.poll(async () => (await prisma().run.findUniqueOrThrow({ where: { id: run.id } })).status, { timeout: 60_000 }).toBe('waiting_human');
    const approvals = await prisma().approval.findMany({ where: { runId: run.id }, orderBy: { createdAt: 'asc' }, select: { id: true, toolCallId: true } });
    expect(approvals).toHaveLength(amounts.length);
    return { runId: run.id, approvals };
  }

  it('one of two calls approved, the run cancelled while it waits for the other: neither stays open', async () => {
    const { runId, approvals } = await waitingRun([1, 2]);
    await test.platform.approvals.decide(principal, { approvalId: approvals[0]!.id, decision: 'approve' });
    await test.platform.runs.cancel(principal, { runId });
    expect((await prisma().run.findUniqueOrThrow({ where: { id: runId } })).status).toBe('cancelled');
    expect(await ledgerOf(approvals[0]!.toolCallId)).toEqual(closedBecauseTheRunEnded('cancelled'));
    expect(await ledgerOf(approvals[1]!.toolCallId)).toMatchObject({ status: 'expired', approval: 'expired' });
    expect(executions).toEqual([]);
  });

  it('a call approved, its run cancelled before any executor claimed it again: closed, never run', async () => {
    const { runId, approvals } = await waitingRun([7]);
    // No executor from here on: the run the decision queues again is cancelled before anyone claims it.
    await test.platform.executor.stop();
    await test.platform.approvals.decide(principal, { approvalId: approvals[0]!.id, decision: 'approve' });
    expect((await prisma().run.findUniqueOrThrow({ where: { id: runId } })).status).toBe('queued');
    await test.platform.runs.cancel(principal, { runId });
    expect((await prisma().run.findUniqueOrThrow({ where: { id: runId } })).status).toBe('cancelled');
    expect(await ledgerOf(approvals[0]!.toolCallId)).toEqual(closedBecauseTheRunEnded('cancelled'));
    expect(executions).toEqual([]);
  });
});
