import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ApprovalService } from '../approvals/approval-service';
import type { Principal } from '../auth/roles';
import { createTestPlatform, type TestPlatform } from '../testing';
import { RunService } from './run-service';

describe.each(databaseModes)('runs, events and approvals (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  let agentId: string;
  let runs: RunService;

  beforeAll(async () => {
    test = await createTestPlatform(mode);
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    agentId = (await test.platform.database.prisma.agent.findFirstOrThrow({ where: { slug: 'demo-operator' } })).id;
    runs = new RunService(test.platform.database);
  });
  afterAll(() => test?.dispose());

  it('creates a queued run with its first event in one transaction, pinned to the latest version', async () => {
    const { run, created } = await runs.create(principal, { agentId, input: 'hello' });
    expect(created).toBe(true);
    expect(run.status).toBe('queued');
    const events = await test.platform.database.prisma.runEvent.findMany({ where: { runId: run.id } });
    expect(events.map((event) => [event.seq, event.type])).toEqual([[1, 'run-created']]);
  });

  it('honours idempotency keys: same body → same run, other body → conflict naming the field', async () => {
    const first = await runs.create(principal, { agentId, input: 'once', idempotencyKey: 'key-1' });
    const again = await runs.create(principal, { agentId, input: 'once', idempotencyKey: 'key-1' });
    expect(again).toEqual({ run: first.run, created: false });
    await expect(runs.create(principal, { agentId, input: 'other', idempotencyKey: 'key-1' })).rejects.toMatchObject({ kind: 'conflict', field: 'idempotencyKey' });
  });

  it('creates exactly one run when the same key races', async () => {
    const results = await Promise.all(Array.from({ length: 10 }, () => runs.create(principal, { agentId, input: 'race', idempotencyKey: 'key-race' })));
    expect(new Set(results.map((result) => result.run.id)).size).toBe(1);
    expect(results.filter((result) => result.created)).toHaveLength(1);
  });

  it('rejects bad input with a validation error naming the field, writing nothing', async () => {
    const before = await test.platform.database.prisma.run.count();
    await expect(runs.create(principal, { agentId: 'nope', input: 'x' })).rejects.toMatchObject({ kind: 'validation', field: 'agentId' });
    await expect(runs.create(principal, { agentId, input: '   ' })).rejects.toMatchObject({ kind: 'validation', field: 'input' });
    await expect(runs.create(principal, { agentId: '0190a1b2-0000-7000-8000-000000000000', input: 'x' })).rejects.toMatchObject({ kind: 'not-found', field: 'agentId' });
    expect(await test.platform.database.prisma.run.count()).toBe(before);
  });

  it('hides runs of other tenants (not found, never forbidden)', async () => {
    const { run } = await runs.create(principal, { agentId, input: 'mine' });
    const stranger: Principal = { ...principal, tenantId: '0190a1b2-0000-7000-8000-000000000001' };
    await expect(runs.get(stranger, { runId: run.id })).rejects.toMatchObject({ kind: 'not-found' });
    await expect(runs.cancel(stranger, { runId: run.id })).rejects.toMatchObject({ kind: 'not-found' });
    expect((await runs.list(stranger, {})).runs).toEqual([]);
  });

  it('cancels a queued run at once and refuses to cancel it twice', async () => {
    const { run } = await runs.create(principal, { agentId, input: 'cancel me' });
    const cancelled = await runs.cancel(principal, { runId: run.id });
    expect(cancelled.status).toBe('cancelled');
    const types = (await test.platform.database.prisma.runEvent.findMany({ where: { runId: run.id }, orderBy: { seq: 'asc' } })).map((event) => event.type);
    expect(types).toEqual(['run-created', 'run-cancel-requested', 'run-finished']);
    await expect(runs.cancel(principal, { runId: run.id })).rejects.toMatchObject({ kind: 'conflict' });
  });

  it('lists newest first with a cursor', async () => {
    const page1 = await runs.list(principal, { limit: 2 });
    const page2 = await runs.list(principal, { limit: 2, cursor: page1.nextCursor! });
    expect(page1.runs).toHaveLength(2);
    expect(page2.runs[0]!.id < page1.runs[1]!.id).toBe(true);
  });

  it('lets exactly one of 100 concurrent decisions win and re-queues the run', async () => {
    const { run } = await runs.create(principal, { agentId, input: 'needs approval' });
    const { prisma } = test.platform.database;
    await prisma.run.update({ where: { id: run.id }, data: { status: 'waiting_human' } });
    const toolCall = await prisma.toolCall.create({
      data: { tenantId: principal.tenantId, runId: run.id, callId: 'call-1', name: 'send_notification', implementationId: 'demo/v1/send_notification', sideEffects: 'unsafe', arguments: { to: 'ops' }, status: 'awaiting_approval', idempotencyKey: `${run.id}:call-1` },
    });
    const approval = await prisma.approval.create({ data: { tenantId: principal.tenantId, runId: run.id, toolCallId: toolCall.id, originalArguments: { to: 'ops' } } });
    const approvals = new ApprovalService(test.platform.database);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 100 }, (_, index) =>
        approvals.decide(principal, index % 2 === 0 ? { approvalId: approval.id, decision: 'approve' } : { approvalId: approval.id, decision: 'reject', reason: `no ${index}` }),
      ),
    );
    const fulfilled = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    expect(fulfilled).toHaveLength(1);
    for (const outcome of outcomes) if (outcome.status === 'rejected') expect(outcome.reason).toMatchObject({ kind: 'conflict' });
    const events = await prisma.runEvent.findMany({ where: { runId: run.id }, orderBy: { seq: 'asc' } });
    expect(events.filter((event) => event.type === 'approval-decided')).toHaveLength(1);
    expect(events.map((event) => event.seq)).toEqual(events.map((_, index) => index + 1));
    expect((await prisma.run.findUniqueOrThrow({ where: { id: run.id } })).status).toBe('queued');
    expect(await prisma.auditLog.count({ where: { targetId: approval.id } })).toBe(1);
  });
});
