import { randomUUID } from 'node:crypto';

import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { createTenantAdmin, createTestAgent, createTestPlatform, type TestPlatform } from '../testing';

interface WaitingRun {
  runId: string;
  approvals: { id: string; toolCallId: string; originalArguments: unknown }[];
}

/**
 * What one decision writes, exactly: the approval, the tool call's ledger entry and its history, the
 * `approval-decided` event, the audit record, and — with the run's last pending approval only — the
 * run queued again with its `run-queued` event (README, mutation testing, session 33: each of these
 * could be left out or written wrong and no test failed). The runs are brought to their approvals
 * first and the executor is then stopped, so nothing but the decision changes a row.
 */
describe.each(databaseModes)('what an approval decision writes (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  const runs: WaitingRun[] = [];

  beforeAll(async () => {
    test = await createTestPlatform(mode);
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    await test.platform.executor.start();
    for (const calls of [2, 1, 1, 1, 1, 1, 1, 1]) runs.push(await waitingRun(calls));
    await test.platform.executor.stop();
  }, 600_000);
  afterAll(() => test?.dispose());

  async function waitingRun(calls: number): Promise<WaitingRun> {
    const label = randomUUID().slice(0, 8);
    const agentId = await createTestAgent(test.platform.database, {
      tenantId: principal.tenantId,
      slug: `decisions-${label}`,
      config: {
        tools: ['send_notification'],
        approvals: { send_notification: 'always' },
        demoScript: {
          replies: [
            {
              toolCalls: Array.from({ length: calls }, (_, index) => ({
                name: 'send_notification',
                arguments: { channel: `channel-${index}`, message: `call ${index} of ${label}` },
              })),
            },
            { text: 'Done.' },
          ],
        },
      },
    });
    const { run } = await test.platform.runs.create(principal, { agentId, input: `decide ${label}` });
    // Polled by hand: `expect.poll` belongs to a test, and this runs in `beforeAll`. The hook's deadline bounds it.
    for (;;) {
      const { status } = await test.platform.runs.get(principal, { runId: run.id });
      if (status === 'waiting_human') break;
      if (status === 'succeeded' || status === 'failed' || status === 'cancelled') throw new Error(`run ${run.id} ended ${status} instead of waiting`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const approvals = await test.platform.database.prisma.approval.findMany({
      where: { runId: run.id },
      orderBy: { createdAt: 'asc' },
      select: { id: true, toolCallId: true, originalArguments: true },
    });
    if (approvals.length !== calls) throw new Error(`run ${run.id} asked ${approvals.length} approvals, not ${calls}`);
    return { runId: run.id, approvals };
  }

  const prisma = () => test.platform.database.prisma;
  const toolCallOf = (id: string) =>
    prisma().toolCall.findUniqueOrThrow({
      where: { id },
      select: { status: true, statusHistory: true, errorKind: true, errorMessage: true, finishedAt: true, editedArguments: true },
    });
  const eventsOf = async (runId: string) =>
    (await prisma().runEvent.findMany({ where: { runId }, orderBy: { seq: 'asc' }, select: { type: true, payload: true } })).map((event) => ({
      type: event.type,
      payload: event.payload,
    }));
  const auditOf = (approvalId: string) =>
    prisma().auditLog.findMany({ where: { targetId: approvalId }, select: { action: true, targetType: true, actorId: true, before: true, after: true } });
  const lastHistoryEntry = (history: unknown) => (history as Record<string, unknown>[]).at(-1);

  it('records an approval and a rejection in full, and queues the run again with its last one only', async () => {
    const { runId, approvals } = runs[0]!;
    const [first, second] = [approvals[0]!, approvals[1]!];
    const eventsBefore = await eventsOf(runId);
    const historyBefore = (await toolCallOf(first.toolCallId)).statusHistory as unknown[];

    const approved = await test.platform.approvals.decide(principal, { approvalId: first.id, decision: 'approve' });
    expect(approved).toMatchObject({ id: first.id, status: 'approved', decidedBy: principal.apiKeyName, decisionReason: null, editedArguments: null });
    expect(approved.decidedAt).not.toBeNull();
    const approvedCall = await toolCallOf(first.toolCallId);
    expect(approvedCall).toMatchObject({ status: 'approved', errorKind: null, errorMessage: null, finishedAt: null, editedArguments: null });
    // No edit is SQL NULL, not a JSON null: "was it edited" is `edited_arguments IS NOT NULL`.
    const [stored] = await prisma().$queryRawUnsafe<{ edited: boolean }[]>(
      'SELECT edited_arguments IS NOT NULL AS edited FROM approvals WHERE id = $1::uuid',
      first.id,
    );
    expect(stored).toEqual({ edited: false });
    expect(approvedCall.statusHistory).toHaveLength(historyBefore.length + 1);
    expect(lastHistoryEntry(approvedCall.statusHistory)).toEqual({ status: 'approved', at: expect.any(String) as unknown, actor: principal.apiKeyName });
    expect(await auditOf(first.id)).toEqual([
      {
        action: 'approval.approve',
        targetType: 'approval',
        actorId: principal.apiKeyId,
        before: { arguments: first.originalArguments },
        after: { status: 'approved', arguments: first.originalArguments, reason: null },
      },
    ]);
    // One approval of two decided: the run still waits for the other.
    expect((await prisma().run.findUniqueOrThrow({ where: { id: runId } })).status).toBe('waiting_human');
    expect((await eventsOf(runId)).slice(eventsBefore.length)).toEqual([
      {
        type: 'approval-decided',
        payload: { approvalId: first.id, toolCallId: first.toolCallId, decision: 'approve', reason: null, by: principal.apiKeyName },
      },
    ]);

    const rejected = await test.platform.approvals.decide(principal, { approvalId: second.id, decision: 'reject', reason: 'not on a Friday' });
    expect(rejected).toMatchObject({ status: 'rejected', decisionReason: 'not on a Friday', decidedBy: principal.apiKeyName });
    const rejectedCall = await toolCallOf(second.toolCallId);
    expect(rejectedCall).toMatchObject({ status: 'rejected', errorKind: 'rejected', errorMessage: 'not on a Friday', editedArguments: null });
    expect(rejectedCall.finishedAt).not.toBeNull();
    expect(lastHistoryEntry(rejectedCall.statusHistory)).toEqual({
      status: 'rejected',
      at: expect.any(String) as unknown,
      actor: principal.apiKeyName,
      reason: 'not on a Friday',
    });
    expect(await auditOf(second.id)).toEqual([
      {
        action: 'approval.reject',
        targetType: 'approval',
        actorId: principal.apiKeyId,
        before: { arguments: second.originalArguments },
        after: { status: 'rejected', arguments: second.originalArguments, reason: 'not on a Friday' },
      },
    ]);
    expect((await prisma().run.findUniqueOrThrow({ where: { id: runId } })).status).toBe('queued');
    expect((await eventsOf(runId)).slice(eventsBefore.length)).toEqual([
      {
        type: 'approval-decided',
        payload: { approvalId: first.id, toolCallId: first.toolCallId, decision: 'approve', reason: null, by: principal.apiKeyName },
      },
      {
        type: 'approval-decided',
        payload: { approvalId: second.id, toolCallId: second.toolCallId, decision: 'reject', reason: 'not on a Friday', by: principal.apiKeyName },
      },
      { type: 'run-queued', payload: { reason: 'approvals decided' } },
    ]);
  });

  it('stores edited arguments on the approval and the ledger, and audits the call as it will run', async () => {
    const { runId, approvals } = runs[1]!;
    const approval = approvals[0]!;
    const edited = { channel: 'ops', message: 'edited by a person' };
    const decided = await test.platform.approvals.decide(principal, { approvalId: approval.id, decision: 'edit', arguments: edited });
    expect(decided).toMatchObject({ status: 'approved', editedArguments: edited, decisionReason: null });
    expect(await toolCallOf(approval.toolCallId)).toMatchObject({ status: 'approved', editedArguments: edited, errorKind: null });
    expect(await auditOf(approval.id)).toEqual([
      {
        action: 'approval.edit',
        targetType: 'approval',
        actorId: principal.apiKeyId,
        before: { arguments: approval.originalArguments },
        after: { status: 'approved', arguments: edited, reason: null },
      },
    ]);
    expect((await eventsOf(runId)).filter((event) => event.type === 'approval-decided').map((event) => event.payload)).toEqual([
      { approvalId: approval.id, toolCallId: approval.toolCallId, decision: 'edit', reason: null, by: principal.apiKeyName },
    ]);
  });

  it('settles a call whose outcome was unknown: approved as succeeded, rejected as failed', async () => {
    const [approvedRun, rejectedRun] = [runs[2]!, runs[3]!];
    for (const { approvals } of [approvedRun, rejectedRun]) {
      await prisma().toolCall.update({ where: { id: approvals[0]!.toolCallId }, data: { status: 'outcome_unknown' } });
    }
    await test.platform.approvals.decide(principal, { approvalId: approvedRun.approvals[0]!.id, decision: 'approve' });
    await test.platform.approvals.decide(principal, { approvalId: rejectedRun.approvals[0]!.id, decision: 'reject', reason: 'it did not happen' });
    const approvedCall = await toolCallOf(approvedRun.approvals[0]!.toolCallId);
    expect(approvedCall).toMatchObject({ status: 'succeeded', errorKind: null });
    expect(lastHistoryEntry(approvedCall.statusHistory)).toMatchObject({ status: 'succeeded' });
    const rejectedCall = await toolCallOf(rejectedRun.approvals[0]!.toolCallId);
    // Failed, not rejected: the call may have run; the person says it did not succeed.
    expect(rejectedCall).toMatchObject({ status: 'failed', errorKind: null, finishedAt: null });
    expect(lastHistoryEntry(rejectedCall.statusHistory)).toEqual({
      status: 'failed',
      at: expect.any(String) as unknown,
      actor: principal.apiKeyName,
      reason: 'it did not happen',
    });
  });

  it('refuses an expired approval, one decided before and one that does not exist, writing nothing', async () => {
    const { runId, approvals } = runs[4]!;
    const approval = approvals[0]!;
    // Decided here, so this test stands alone.
    const decidedBefore = runs[7]!.approvals[0]!;
    await test.platform.approvals.decide(principal, { approvalId: decidedBefore.id, decision: 'approve' });
    await prisma().approval.update({ where: { id: approval.id }, data: { expiresAt: new Date(Date.now() - 60_000) } });
    const eventsBefore = await eventsOf(runId);

    await expect(test.platform.approvals.decide(principal, { approvalId: approval.id, decision: 'approve' })).rejects.toMatchObject({
      kind: 'conflict',
      field: 'approvalId',
      message: expect.stringContaining('expired at') as unknown,
    });
    await expect(test.platform.approvals.decide(principal, { approvalId: decidedBefore.id, decision: 'reject', reason: 'too late' })).rejects.toMatchObject({
      kind: 'conflict',
      field: 'approvalId',
      message: `Approval ${decidedBefore.id} was already decided (approved by ${principal.apiKeyName})`,
    });
    // Expired by the sweeper: decided, by nobody.
    const expired = runs[6]!.approvals[0]!;
    await prisma().approval.update({ where: { id: expired.id }, data: { status: 'expired', decidedAt: new Date() } });
    await expect(test.platform.approvals.decide(principal, { approvalId: expired.id, decision: 'approve' })).rejects.toMatchObject({
      kind: 'conflict',
      message: `Approval ${expired.id} was already decided (expired)`,
    });
    const missing = randomUUID();
    await expect(test.platform.approvals.decide(principal, { approvalId: missing, decision: 'approve' })).rejects.toMatchObject({
      kind: 'not-found',
      field: 'approvalId',
    });

    expect(await prisma().approval.findUniqueOrThrow({ where: { id: approval.id }, select: { status: true, decidedBy: true } })).toEqual({
      status: 'pending',
      decidedBy: null,
    });
    expect((await prisma().approval.findUniqueOrThrow({ where: { id: decidedBefore.id } })).status).toBe('approved');
    expect(await auditOf(approval.id)).toEqual([]);
    expect(await eventsOf(runId)).toEqual(eventsBefore);
  });

  it('does not queue a run that stopped waiting when its last approval is decided', async () => {
    const { runId, approvals } = runs[5]!;
    await prisma().run.update({ where: { id: runId }, data: { status: 'cancelled' } });
    const eventsBefore = await eventsOf(runId);
    await test.platform.approvals.decide(principal, { approvalId: approvals[0]!.id, decision: 'approve' });
    expect((await prisma().run.findUniqueOrThrow({ where: { id: runId } })).status).toBe('cancelled');
    expect((await eventsOf(runId)).slice(eventsBefore.length).map((event) => event.type)).toEqual(['approval-decided']);
  });

  it('counts and pages the tenant’s approvals: a full last page has no cursor', async () => {
    // One pending approval past its deadline (no sweep runs here): not counted, as a decision would refuse it.
    const pendingRows = { tenantId: principal.tenantId, status: 'pending' as const };
    const { id: overdue } = await prisma().approval.findFirstOrThrow({ where: pendingRows, select: { id: true } });
    await prisma().approval.update({ where: { id: overdue }, data: { expiresAt: new Date(Date.now() - 60_000) } });
    const pastDeadline = await prisma().approval.count({ where: { ...pendingRows, expiresAt: { lte: new Date() } } });
    expect(pastDeadline).toBeGreaterThan(0);
    expect(await test.platform.approvals.pendingCount(principal)).toBe((await prisma().approval.count({ where: pendingRows })) - pastDeadline);
    await prisma().approval.updateMany({ where: pendingRows, data: { expiresAt: null } });
    const pending = await prisma().approval.count({ where: pendingRows });
    expect(await test.platform.approvals.pendingCount(principal)).toBe(pending);
    expect(pending).toBeGreaterThan(0);
    // This tenant's pending approvals are not counted for another one.
    const other = await createTenantAdmin(test, { slug: `decisions-${randomUUID().slice(0, 8)}` });
    expect(await test.platform.approvals.pendingCount(other)).toBe(0);

    const { runId } = runs[0]!;
    const whole = await test.platform.approvals.list(principal, { runId, limit: 2 });
    expect(whole.approvals).toHaveLength(2);
    expect(whole.nextCursor).toBeNull();
    const firstPage = await test.platform.approvals.list(principal, { runId, limit: 1 });
    expect(firstPage.nextCursor).toBe(firstPage.approvals[0]!.id);
    const secondPage = await test.platform.approvals.list(principal, { runId, limit: 1, cursor: firstPage.nextCursor! });
    expect(secondPage.approvals.map((approval) => approval.id)).toEqual([whole.approvals[1]!.id]);
    expect(secondPage.nextCursor).toBeNull();
  });
});
