import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import type { Principal } from '../auth/roles';
import { createTestPlatform, type TestPlatform } from '../testing';

/**
 * `status: 'decided'` lists every approval that is no longer pending, filtered in SQL: the inbox's
 * Decided tab once loaded an unfiltered page and dropped the pending rows in the browser, so a page
 * of newer pending requests left it empty ("No decisions yet") while decisions existed.
 */
describe.each(databaseModes)('approvals listed as decided (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  const approvalIds: { rejected: string; expired: string; pending: string[] } = { rejected: '', expired: '', pending: [] };

  async function requestApproval(input: string): Promise<string> {
    const operatorId = (await test.platform.database.prisma.agent.findFirstOrThrow({ where: { slug: 'demo-operator' } })).id;
    const { run } = await test.platform.runs.create(principal, { agentId: operatorId, input });
    return vi.waitFor(
      async () => {
        const [approval] = (await test.platform.approvals.list(principal, { runId: run.id, status: 'pending' })).approvals;
        if (!approval) throw new Error(`run ${run.id} has no pending approval yet`);
        return approval.id;
      },
      { timeout: 30_000, interval: 50 },
    );
  }

  beforeAll(async () => {
    test = await createTestPlatform(mode);
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    await test.platform.executor.start();
    // Oldest first: one rejected, one past its expiry (expired whether or not the sweep got to it), then three newer pending.
    approvalIds.rejected = await requestApproval('decided first');
    await test.platform.approvals.decide(principal, { approvalId: approvalIds.rejected, decision: 'reject', reason: 'not now' });
    approvalIds.expired = await requestApproval('left to expire');
    await test.platform.database.prisma.approval.update({ where: { id: approvalIds.expired }, data: { expiresAt: new Date(Date.now() - 1_000) } });
    for (const input of ['pending 1', 'pending 2', 'pending 3']) approvalIds.pending.push(await requestApproval(input));
  }, 120_000);
  afterAll(() => test?.dispose());

  it('fills a page with decisions however many newer requests are pending', async () => {
    // Unfiltered, the first page holds only pending requests: the old inbox showed nothing.
    const unfiltered = await test.platform.approvals.list(principal, { limit: 3 });
    expect(unfiltered.approvals.map((approval) => approval.id)).toEqual([...approvalIds.pending].reverse());

    const decided = await test.platform.approvals.list(principal, { status: 'decided', limit: 3 });
    expect(decided.approvals.map((approval) => [approval.id, approval.status])).toEqual([
      [approvalIds.expired, 'expired'],
      [approvalIds.rejected, 'rejected'],
    ]);
    expect(decided.nextCursor).toBeNull();
  });

  it('pages decisions with the cursor, newest first', async () => {
    const first = await test.platform.approvals.list(principal, { status: 'decided', limit: 1 });
    expect(first.approvals.map((approval) => approval.id)).toEqual([approvalIds.expired]);
    const rest = await test.platform.approvals.list(principal, { status: 'decided', limit: 1, cursor: first.nextCursor! });
    expect(rest.approvals.map((approval) => approval.id)).toEqual([approvalIds.rejected]);
    expect(rest.nextCursor).toBeNull();
  });

  it('still filters by one status, and never lists a pending request as decided', async () => {
    expect((await test.platform.approvals.list(principal, { status: 'rejected' })).approvals.map((approval) => approval.id)).toEqual([approvalIds.rejected]);
    const pending = (await test.platform.approvals.list(principal, { status: 'pending' })).approvals.map((approval) => approval.id);
    expect(pending).toEqual([...approvalIds.pending].reverse());
    await expect(test.platform.approvals.list(principal, { status: 'undecided' as 'decided' })).rejects.toMatchObject({ kind: 'validation', field: 'status' });
  });
});
