import { randomUUID } from 'node:crypto';

import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';

import type { Principal } from '../auth/roles';
import { createTestPlatform, type TestPlatform } from '../testing';
import { maximumActivityRuns } from './activity-rows';

describe.each(databaseModes)('rows for live lists from the activity stream (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  let operatorId: string;

  beforeAll(async () => {
    test = await createTestPlatform(mode);
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    operatorId = (await test.platform.database.prisma.agent.findFirstOrThrow({ where: { tenantId: principal.tenantId, slug: 'demo-operator' } })).id;
  });
  afterAll(() => test?.dispose());

  it('gives the runs exactly as runs.list shows them, and the approvals as approvals.list shows them', async () => {
    const { run } = await test.platform.runs.create(principal, { agentId: operatorId, input: 'Notify ops about build 42.' });
    const queued = await test.platform.activity.rowsOf(principal, [run.id]);
    expect(queued?.runs).toEqual((await test.platform.runs.list(principal, { limit: 1 })).runs);
    // No approval of this run exists, so nothing it did can have moved the pending count.
    expect(queued).toMatchObject({ approvals: [], approvalsComplete: true, pendingApprovals: null });

    await test.platform.executor.start();
    // Stopped again before the next test: its runs must stay queued (an executor left running would take them to an approval).
    onTestFinished(() => test.platform.executor.stop());
    await vi.waitFor(async () => expect((await test.platform.runs.get(principal, { runId: run.id })).status).toBe('waiting_human'), { timeout: 30_000, interval: 50 });
    const waiting = await test.platform.activity.rowsOf(principal, [run.id]);
    const pending = (await test.platform.approvals.list(principal, { runId: run.id })).approvals;
    expect(pending).toHaveLength(1);
    expect(waiting?.approvals).toEqual(pending);
    expect(waiting?.runs.map((candidate) => candidate.status)).toEqual(['waiting_human']);
    expect(waiting?.pendingApprovals).toBe(await test.platform.approvals.pendingCount(principal));

    await test.platform.approvals.decide(principal, { approvalId: pending[0]!.id, decision: 'reject', reason: 'not now' });
    const decided = await test.platform.activity.rowsOf(principal, [run.id]);
    expect(decided?.approvals.map((approval) => approval.status)).toEqual(['rejected']);
    expect(decided?.pendingApprovals).toBe(await test.platform.approvals.pendingCount(principal));
  });

  it('never gives another tenant’s run, and counts pending approvals again when a named run is gone', async () => {
    const other = await test.platform.database.prisma.tenant.create({ data: { slug: `rows-${randomUUID()}`, name: 'Other' } });
    const stranger: Principal = { ...principal, tenantId: other.id, tenantName: 'Other' };
    const { run } = await test.platform.runs.create(principal, { agentId: operatorId, input: 'Mine only.' });
    const theirs = await test.platform.activity.rowsOf(stranger, [run.id]);
    expect(theirs).toEqual({ runs: [], approvals: [], approvalsComplete: true, pendingApprovals: 0 });
    // Only the named runs' approvals: the tenant holds the first test's, this run none.
    expect((await test.platform.activity.rowsOf(principal, [run.id]))?.approvals).toEqual([]);
  });

  it('cannot tell for "everything changed" or a burst of runs: the lists refetch', async () => {
    expect(await test.platform.activity.rowsOf(principal, ['*'])).toBeUndefined();
    const burst = Array.from({ length: maximumActivityRuns + 1 }, () => randomUUID());
    expect(await test.platform.activity.rowsOf(principal, burst)).toBeUndefined();
  });
});
