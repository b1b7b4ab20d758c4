import { randomUUID } from 'node:crypto';

import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { createBatchAgent } from '../batches/batch-test-helpers';
import { claimRuns } from '../execution/run-claims';
import { createTestPlatform, type TestPlatform } from '../testing';

describe.each(databaseModes)('concurrency limits (%s)', (mode) => {
  let test: TestPlatform;
  let admin: Principal;
  let operator: Principal;
  let viewer: Principal;

  beforeAll(async () => {
    test = await createTestPlatform(mode);
    admin = (await test.platform.auth.authenticate(test.adminKey))!;
    const operatorKey = await test.platform.apiKeys.create(admin, { name: 'operator', role: 'operator' });
    operator = (await test.platform.auth.authenticate(operatorKey.key))!;
    const viewerKey = await test.platform.apiKeys.create(admin, { name: 'viewer', role: 'viewer' });
    viewer = (await test.platform.auth.authenticate(viewerKey.key))!;
  });
  afterAll(() => test?.dispose());

  const limits = () => test.platform.concurrencyLimits;

  it('an admin sets and clears the tenant and agent limits, audited; the claim holds the limit set here', async () => {
    const agentId = await createBatchAgent(test, admin, `limit-${randomUUID()}`);
    expect((await limits().get(viewer)).tenant).toEqual({ maxRunningRuns: null, running: 0 });

    const withAgent = await limits().set(admin, { agentId, maxRunningRuns: 1 });
    expect(withAgent.agents).toEqual([expect.objectContaining({ agentId, maxRunningRuns: 1, running: 0 })]);
    const created = await Promise.all([0, 1, 2].map((index) => test.platform.runs.create(admin, { agentId, input: `limited ${index}` })));
    const claimed = await claimRuns(test.platform.database.statements, 'limits', 8, 60_000);
    expect(claimed.filter((run) => created.some((one) => one.run.id === run.id))).toHaveLength(1);
    expect((await limits().get(viewer)).agents[0]).toMatchObject({ agentId, running: 1 });

    const withTenant = await limits().set(admin, { maxRunningRuns: 3 });
    expect(withTenant.tenant).toEqual({ maxRunningRuns: 3, running: 1 });
    const cleared = await limits().set(admin, { agentId, maxRunningRuns: null });
    expect(cleared.agents).toEqual([]);
    await limits().set(admin, { maxRunningRuns: null });

    const audit = await test.platform.database.prisma.auditLog.findMany({ where: { tenantId: admin.tenantId, action: 'concurrency-limit.set' }, orderBy: { createdAt: 'asc' } });
    expect(audit.map((entry) => [entry.targetType, entry.before, entry.after])).toEqual([
      ['agent', { maxRunningRuns: null }, { maxRunningRuns: 1 }],
      ['tenant', { maxRunningRuns: null }, { maxRunningRuns: 3 }],
      ['agent', { maxRunningRuns: 1 }, { maxRunningRuns: null }],
      ['tenant', { maxRunningRuns: 3 }, { maxRunningRuns: null }],
    ]);
    await test.platform.database.prisma.run.updateMany({ where: { agentId, status: { in: ['queued', 'running'] } }, data: { status: 'cancelled', leaseOwner: null, finishedAt: new Date() } });
  });

  it('refuses operators, bad values (naming the field) and agents of other tenants', async () => {
    await expect(limits().set(operator, { maxRunningRuns: 2 })).rejects.toMatchObject({ kind: 'forbidden' });
    await expect(limits().set(admin, { maxRunningRuns: 0 })).rejects.toMatchObject({ kind: 'validation', field: 'maxRunningRuns' });
    await expect(limits().set(admin, { maxRunningRuns: 2.5 })).rejects.toMatchObject({ kind: 'validation', field: 'maxRunningRuns' });
    await expect(limits().set(admin, { agentId: randomUUID(), maxRunningRuns: 2 })).rejects.toMatchObject({ kind: 'not-found', field: 'agentId' });
    expect((await limits().get(viewer)).tenant.maxRunningRuns).toBeNull();
  });
});
