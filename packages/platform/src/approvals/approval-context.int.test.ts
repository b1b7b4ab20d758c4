import { randomUUID } from 'node:crypto';

import type { Database, PrismaClient } from '@agentloom/db';
import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import type { Principal } from '../auth/roles';
import { createTestPlatform, type TestPlatform } from '../testing';
import { ApprovalService } from './approval-service';
import { approvalInputExcerptLength } from './approval-view';

describe.each(databaseModes)('approvals with context, and bulk decisions (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  let operatorId: string;
  let threadId: string;
  const longInput = `Tell on-call the deploy is starting. ${'Details follow. '.repeat(40)}`;
  const runs: { short: string; long: string; threaded: string } = { short: '', long: '', threaded: '' };

  beforeAll(async () => {
    test = await createTestPlatform(mode);
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    operatorId = (await test.platform.database.prisma.agent.findFirstOrThrow({ where: { slug: 'demo-operator' } })).id;
    threadId = (await test.platform.threads.create(principal, { agentId: operatorId, title: 'Deploy chat' })).id;
    await test.platform.executor.start();
    runs.short = (await test.platform.runs.create(principal, { agentId: operatorId, input: 'Notify ops about build 41.' })).run.id;
    runs.long = (await test.platform.runs.create(principal, { agentId: operatorId, input: longInput })).run.id;
    runs.threaded = (await test.platform.runs.create(principal, { agentId: operatorId, input: 'Same, on the thread.', threadId })).run.id;
    for (const runId of Object.values(runs)) {
      await vi.waitFor(async () => expect((await test.platform.runs.get(principal, { runId })).status).toBe('waiting_human'), {
        timeout: 30_000,
        interval: 50,
      });
    }
  });
  afterAll(() => test?.dispose());

  const pendingOf = async (runId: string) => {
    const [approval] = (await test.platform.approvals.list(principal, { runId, status: 'pending' })).approvals;
    if (!approval) throw new Error(`run ${runId} has no pending approval`);
    return approval;
  };

  it('tells two requests of the same tool apart: input excerpt, run, agent and version, thread', async () => {
    const short = await pendingOf(runs.short);
    const long = await pendingOf(runs.long);
    const threaded = await pendingOf(runs.threaded);
    expect(short).toMatchObject({
      runId: runs.short,
      toolName: 'send_notification',
      run: { status: 'waiting_human', inputExcerpt: 'Notify ops about build 41.', inputTruncated: false },
      agent: { id: operatorId, name: 'Demo operator', slug: 'demo-operator', version: 1 },
      thread: null,
    });
    // Cut in SQL to the excerpt length, and said so.
    expect(long.run.inputExcerpt).toBe(longInput.slice(0, approvalInputExcerptLength));
    expect(long.run.inputTruncated).toBe(true);
    expect(threaded.thread).toEqual({ id: threadId, title: 'Deploy chat' });
    // The arguments are the same script's; the context is what differs.
    expect(short.originalArguments).toEqual(long.originalArguments);
  });

  it('reads a page of any size in one statement (no query per approval)', async () => {
    const statements = { count: 0 };
    const counting = countingDatabase(test.platform.database, statements);
    const service = new ApprovalService(counting);
    const one = await service.list(principal, { status: 'pending', limit: 1 });
    expect(statements.count).toBe(1);
    statements.count = 0;
    const all = await service.list(principal, { status: 'pending', limit: 50 });
    expect(statements.count).toBe(1);
    expect(one.approvals).toHaveLength(1);
    expect(all.approvals.length).toBeGreaterThanOrEqual(3);
    expect(all.approvals.every((approval) => approval.agent.name === 'Demo operator')).toBe(true);
  });

  it('pages newest first with a cursor, without repeating or skipping', async () => {
    const first = await test.platform.approvals.list(principal, { status: 'pending', limit: 2 });
    expect(first.nextCursor).toBe(first.approvals[1]!.id);
    const rest = await test.platform.approvals.list(principal, { status: 'pending', limit: 50, cursor: first.nextCursor! });
    const ids = [...first.approvals, ...rest.approvals].map((approval) => approval.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...ids].sort().reverse());
  });

  it('shows another tenant nothing, and refuses to decide its approvals as not found', async () => {
    const tenant = await test.platform.database.prisma.tenant.create({ data: { slug: `other-${randomUUID()}`, name: 'Other' } });
    const stranger: Principal = { ...principal, tenantId: tenant.id, tenantName: 'Other' };
    expect((await test.platform.approvals.list(stranger, { status: 'pending' })).approvals).toEqual([]);
    const target = await pendingOf(runs.short);
    const { outcomes } = await test.platform.approvals.decideMany(stranger, { approvalIds: [target.id], decision: 'approve' });
    expect(outcomes).toEqual([{ approvalId: target.id, outcome: 'refused', kind: 'not-found', message: `Approval ${target.id} not found` }]);
    expect((await pendingOf(runs.short)).status).toBe('pending');
  });

  it('refuses bad bulk input naming the field, deciding nothing', async () => {
    const target = await pendingOf(runs.short);
    await expect(test.platform.approvals.decideMany(principal, { approvalIds: [], decision: 'approve' })).rejects.toMatchObject({
      kind: 'validation',
      field: 'approvalIds',
    });
    await expect(test.platform.approvals.decideMany(principal, { approvalIds: [target.id, target.id], decision: 'approve' })).rejects.toMatchObject({
      kind: 'validation',
      field: 'approvalIds',
    });
    await expect(test.platform.approvals.decideMany(principal, { approvalIds: [target.id], decision: 'reject', reason: '  ' })).rejects.toMatchObject({
      kind: 'validation',
      field: 'reason',
    });
    expect((await pendingOf(runs.short)).status).toBe('pending');
  });

  it('decides each approval of a bulk decision on its own: one decided elsewhere first is reported, the others are decided and audited', async () => {
    const short = await pendingOf(runs.short);
    const long = await pendingOf(runs.long);
    const threaded = await pendingOf(runs.threaded);
    // Someone else approves one of them first.
    await test.platform.approvals.decide(principal, { approvalId: long.id, decision: 'approve' });

    const { outcomes } = await test.platform.approvals.decideMany(principal, {
      approvalIds: [short.id, long.id, threaded.id],
      decision: 'reject',
      reason: 'Freeze until Monday',
    });
    expect(outcomes.map((outcome) => [outcome.approvalId, outcome.outcome])).toEqual([
      [short.id, 'decided'],
      [long.id, 'refused'],
      [threaded.id, 'decided'],
    ]);
    const refused = outcomes[1];
    expect(refused?.outcome === 'refused' && refused.kind).toBe('conflict');
    expect(refused?.outcome === 'refused' && refused.message).toContain(`already decided (approved by ${principal.apiKeyName})`);
    expect(outcomes[0]).toMatchObject({
      approval: { status: 'rejected', decisionReason: 'Freeze until Monday', run: { inputExcerpt: 'Notify ops about build 41.' } },
    });

    const { prisma } = test.platform.database;
    const audits = await prisma.auditLog.findMany({ where: { targetId: { in: [short.id, long.id, threaded.id] } }, select: { targetId: true, action: true } });
    expect(audits).toEqual(
      expect.arrayContaining([
        { targetId: short.id, action: 'approval.reject' },
        { targetId: threaded.id, action: 'approval.reject' },
        { targetId: long.id, action: 'approval.approve' },
      ]),
    );
    expect(audits).toHaveLength(3);
    // Each decided run resumes as after a single decision.
    for (const runId of [runs.short, runs.threaded, runs.long]) {
      await expect.poll(async () => (await test.platform.runs.get(principal, { runId })).status, { timeout: 30_000 }).toBe('succeeded');
    }
  });

  it('lets exactly one of a bulk decision and a single decision racing for the same approval win', async () => {
    const { run } = await test.platform.runs.create(principal, { agentId: operatorId, input: 'Race me.' });
    await expect.poll(async () => (await test.platform.runs.get(principal, { runId: run.id })).status, { timeout: 30_000 }).toBe('waiting_human');
    const approval = await pendingOf(run.id);
    const [bulk, single] = await Promise.allSettled([
      test.platform.approvals.decideMany(principal, { approvalIds: [approval.id], decision: 'approve' }),
      test.platform.approvals.decide(principal, { approvalId: approval.id, decision: 'reject', reason: 'No' }),
    ]);
    const bulkWon = bulk.status === 'fulfilled' && bulk.value.outcomes[0]?.outcome === 'decided';
    const singleWon = single.status === 'fulfilled';
    expect([bulkWon, singleWon].filter(Boolean)).toHaveLength(1);
    if (!singleWon) expect(single).toMatchObject({ status: 'rejected', reason: { kind: 'conflict' } });
    const decisions = await test.platform.database.prisma.auditLog.count({ where: { targetId: approval.id } });
    expect(decisions).toBe(1);
  });
});

/** The same database, with a Prisma client that counts every statement it sends (model queries and raw SQL). */
function countingDatabase(database: Database, statements: { count: number }): Database {
  const counting = database.prisma.$extends({
    query: {
      $allOperations({ args, query }) {
        statements.count += 1;
        return query(args);
      },
    },
  });
  return { ...database, prisma: counting as unknown as PrismaClient };
}
