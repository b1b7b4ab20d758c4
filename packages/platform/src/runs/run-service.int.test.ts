import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ApprovalService } from '../approvals/approval-service';
import type { Principal } from '../auth/roles';
import { createTenantAdmin, createTestPlatform, type TestPlatform } from '../testing';
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
    await expect(runs.create(principal, { agentId, input: 'other', idempotencyKey: 'key-1' })).rejects.toMatchObject({
      kind: 'conflict',
      field: 'idempotencyKey',
    });
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
    await expect(runs.create(principal, { agentId: '0190a1b2-0000-7000-8000-000000000000', input: 'x' })).rejects.toMatchObject({
      kind: 'not-found',
      field: 'agentId',
    });
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

  it('filters by thread and carries the thread title; runs without a thread have none', async () => {
    const thread = await test.platform.threads.create(principal, { agentId, title: 'Filter thread' });
    const onThread = (await runs.create(principal, { agentId, threadId: thread.id, input: 'on the thread' })).run;
    const loose = (await runs.create(principal, { agentId, input: 'not on a thread' })).run;
    const listed = await runs.list(principal, { threadId: thread.id });
    expect(listed.runs.map((run) => run.id)).toEqual([onThread.id]);
    expect(listed.runs[0]!.threadTitle).toBe('Filter thread');
    expect((await runs.get(principal, { runId: loose.id })).threadTitle).toBeNull();
  });

  it('searches the run id and the input text case-insensitively, wildcards taken literally, newest first with a cursor', async () => {
    const oldest = (await runs.create(principal, { agentId, input: 'Quokka report: 50%_off for ACME' })).run;
    const middle = (await runs.create(principal, { agentId, input: 'Ask the QUOKKA team to say "hello"' })).run;
    const newest = (await runs.create(principal, { agentId, input: 'quokka sighting' })).run;
    await runs.create(principal, { agentId, input: 'Percentages: 5000 offers' });
    const ids = async (input: object) => (await runs.list(principal, input)).runs.map((run) => run.id);

    expect(await ids({ search: 'qUoKkA' })).toEqual([newest.id, middle.id, oldest.id]);
    expect(await ids({ search: '50%_off' })).toEqual([oldest.id]);
    expect(await ids({ search: '_' })).toEqual([oldest.id]);
    // Matched on the input's text, not its JSON: quotes are not escaped, the `text` key is not content.
    expect(await ids({ search: 'say "hello"' })).toEqual([middle.id]);
    expect(await ids({ search: '"text"' })).toEqual([]);
    expect(await ids({ search: middle.id.slice(-12).toUpperCase() })).toEqual([middle.id]);

    const first = await runs.list(principal, { search: 'quokka', limit: 2 });
    expect(first.runs.map((run) => run.id)).toEqual([newest.id, middle.id]);
    const second = await runs.list(principal, { search: 'quokka', limit: 2, cursor: first.nextCursor! });
    expect(second).toMatchObject({ runs: [{ id: oldest.id }], nextCursor: null });
  });

  it('filters by queue time: a preset window or an explicit from/to range', async () => {
    const { prisma } = test.platform.database;
    const recent = (await runs.create(principal, { agentId, input: 'wombat recent' })).run;
    const older = (await runs.create(principal, { agentId, input: 'wombat three days ago' })).run;
    const threeDaysAgo = new Date(Date.now() - 3 * 24 * 3_600_000);
    await prisma.run.update({ where: { id: older.id }, data: { createdAt: threeDaysAgo, queuedAt: threeDaysAgo } });
    const ids = async (input: object) => (await runs.list(principal, { search: 'wombat', ...input })).runs.map((run) => run.id);

    expect(await ids({ within: '1h' })).toEqual([recent.id]);
    expect(await ids({ within: '24h' })).toEqual([recent.id]);
    expect(await ids({ within: '7d' })).toEqual([recent.id, older.id]);
    const from = new Date(threeDaysAgo.getTime() - 60_000).toISOString();
    const to = new Date(threeDaysAgo.getTime() + 60_000).toISOString();
    expect(await ids({ from, to })).toEqual([older.id]);
    expect(await ids({ from: to })).toEqual([recent.id]);
    // `to` is exclusive.
    expect(await ids({ to: threeDaysAgo.toISOString() })).toEqual([]);
  });

  it('keeps searches inside the tenant', async () => {
    // A real key of another tenant: changes re-read the caller's key in their transaction (ADR 0103).
    const other = await createTenantAdmin(test, { slug: 'runs-other' });
    const otherAgent = await test.platform.agents.create(other, { slug: 'other-agent', name: 'Other agent', config: { demoScript: { replies: [{ text: 'Done.' }] } } });
    const theirs = (await runs.create(other, { agentId: otherAgent.id, input: 'platypus secret' })).run;
    const mine = (await runs.create(principal, { agentId, input: 'platypus public' })).run;
    expect((await runs.list(principal, { search: 'platypus' })).runs.map((run) => run.id)).toEqual([mine.id]);
    expect((await runs.list(other, { search: 'platypus' })).runs.map((run) => run.id)).toEqual([theirs.id]);
    expect((await runs.list(principal, { search: theirs.id })).runs).toEqual([]);
    // A cursor from another tenant is not a position in this one.
    expect((await runs.list(principal, { cursor: theirs.id })).runs).toEqual([]);
  });

  it('rejects bad list input with a validation error naming the field', async () => {
    const rejects = (input: object, field: string) => expect(runs.list(principal, input as never)).rejects.toMatchObject({ kind: 'validation', field });
    await rejects({ search: '   ' }, 'search');
    await rejects({ search: 'x'.repeat(201) }, 'search');
    await rejects({ within: '2h' }, 'within');
    await rejects({ within: '1h', from: '2026-01-01' }, 'within');
    await rejects({ from: 'yesterday' }, 'from');
    await rejects({ from: '2026-01-02', to: '2026-01-01' }, 'to');
    await rejects({ threadId: 'nope' }, 'threadId');
    await rejects({ limit: '10' }, 'limit');
  });

  it('lets exactly one of 100 concurrent decisions win and re-queues the run', async () => {
    const { run } = await runs.create(principal, { agentId, input: 'needs approval' });
    const { prisma } = test.platform.database;
    await prisma.run.update({ where: { id: run.id }, data: { status: 'waiting_human' } });
    const toolCall = await prisma.toolCall.create({
      data: {
        tenantId: principal.tenantId,
        runId: run.id,
        callId: 'call-1',
        name: 'send_notification',
        implementationId: 'demo/v1/send_notification',
        sideEffects: 'unsafe',
        arguments: { to: 'ops' },
        status: 'awaiting_approval',
        idempotencyKey: `${run.id}:call-1`,
      },
    });
    const approval = await prisma.approval.create({
      data: { tenantId: principal.tenantId, runId: run.id, toolCallId: toolCall.id, originalArguments: { to: 'ops' } },
    });
    const approvals = new ApprovalService(test.platform.database);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 100 }, (_, index) =>
        approvals.decide(
          principal,
          index % 2 === 0 ? { approvalId: approval.id, decision: 'approve' } : { approvalId: approval.id, decision: 'reject', reason: `no ${index}` },
        ),
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
