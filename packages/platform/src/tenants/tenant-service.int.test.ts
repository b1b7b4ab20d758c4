import { randomUUID } from 'node:crypto';

import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { rowsOfTenant } from '../erase/testing/snapshot-rows';
import { claimRuns } from '../execution/run-claims';
import { rotateOperatorKey } from '../operator/operator-keys';
import type { OperatorPrincipal } from '../operator/operator-principal';
import { createTestPlatform, type TestPlatform } from '../testing';

const runnable = { demoScript: { replies: [{ text: 'Done.' }] } };

describe.each(databaseModes)('tenants for the instance operator (%s)', (mode) => {
  let test: TestPlatform;
  let operator: OperatorPrincipal;

  beforeAll(async () => {
    test = await createTestPlatform(mode);
    operator = (await test.platform.auth.authenticateOperator(test.operatorKey))!;
    // A deadline, not a timing assertion: a fresh embedded database takes minutes on a loaded machine.
  }, 600_000);
  afterAll(() => test?.dispose());

  it('creates the operator key at first start, once, as a credential no tenant route accepts', async () => {
    expect(test.operatorKey).toMatch(/^alop_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
    expect(operator).toMatchObject({ operatorKeyName: 'Instance operator key' });
    // Neither kind of key passes for the other.
    expect(await test.platform.auth.authenticate(test.operatorKey)).toBeNull();
    expect(await test.platform.auth.authenticateOperator(test.adminKey)).toBeNull();
    expect(await test.platform.database.prisma.operatorKey.count()).toBe(1);
  });

  it('creates a tenant, mints its first admin key once, and that key works in its tenant only', async () => {
    const tenant = await test.platform.tenants.create(operator, { slug: 'tenant-b', name: 'Tenant B', retentionDays: 30 });
    expect(tenant).toMatchObject({ slug: 'tenant-b', suspended: false, retentionDays: 30, rateLimitPerMinute: null, activeAdminKeys: 0 });
    await expect(test.platform.tenants.create(operator, { slug: 'tenant-b', name: 'Again' })).rejects.toMatchObject({ kind: 'conflict', field: 'slug' });

    const minted = await test.platform.tenants.mintAdminKey(operator, { tenantId: tenant.id });
    expect(minted).toMatchObject({ tenantId: tenant.id, role: 'admin' });
    // A tenant with a live admin key mints its own further keys: the operator cannot give itself one.
    await expect(test.platform.tenants.mintAdminKey(operator, { tenantId: tenant.id })).rejects.toMatchObject({ kind: 'conflict' });
    expect(await test.platform.database.prisma.apiKey.count({ where: { tenantId: tenant.id } })).toBe(1);

    const principal = (await test.platform.auth.authenticate(minted.key))!;
    expect(principal).toMatchObject({ tenantId: tenant.id, role: 'admin', requestLimits: { perMinute: null, burst: null } });
    expect((await test.platform.tenants.get(operator, { tenantId: tenant.id })).activeAdminKeys).toBe(1);
    const audit = await test.platform.database.prisma.auditLog.findMany({ where: { tenantId: tenant.id }, orderBy: { createdAt: 'asc' } });
    expect(audit.map((entry) => [entry.action, entry.actorType])).toEqual([
      ['tenant.create', 'system'],
      ['api-key.create', 'system'],
    ]);
  });

  it('validates settings and names the field; a partial change keeps the other settings', async () => {
    const tenant = await test.platform.tenants.create(operator, { slug: 'settings', name: 'Settings' });
    for (const [field, value] of [
      ['retentionDays', 0],
      ['retentionDays', 1.5],
      ['rateLimitPerMinute', -1],
      ['rateLimitBurst', 'many'],
      ['name', ''],
    ] as const) {
      await expect(test.platform.tenants.update(operator, { tenantId: tenant.id, [field]: value })).rejects.toMatchObject({ kind: 'validation', field });
    }
    await expect(test.platform.tenants.create(operator, { slug: 'Bad Slug', name: 'x' })).rejects.toMatchObject({ kind: 'validation', field: 'slug' });
    await test.platform.tenants.update(operator, { tenantId: tenant.id, retentionDays: 7, rateLimitPerMinute: 600 });
    const changed = await test.platform.tenants.update(operator, { tenantId: tenant.id, rateLimitBurst: 20 });
    expect(changed).toMatchObject({ retentionDays: 7, rateLimitPerMinute: 600, rateLimitBurst: 20 });
    const cleared = await test.platform.tenants.update(operator, { tenantId: tenant.id, retentionDays: null });
    expect(cleared).toMatchObject({ retentionDays: null, rateLimitPerMinute: 600 });
    const minted = await test.platform.tenants.mintAdminKey(operator, { tenantId: tenant.id });
    expect((await test.platform.auth.authenticate(minted.key))?.requestLimits).toEqual({ perMinute: 600, burst: 20 });
  });

  it("refuses a suspended tenant's keys and sessions with tenant-suspended and leaves its queued runs unclaimed until resumed", async () => {
    const tenant = await test.platform.tenants.create(operator, { slug: 'suspended', name: 'Suspended' });
    const minted = await test.platform.tenants.mintAdminKey(operator, { tenantId: tenant.id });
    const principal: Principal = (await test.platform.auth.authenticate(minted.key))!;
    const signedIn = (await test.platform.auth.signIn(minted.key))!;
    const agent = await test.platform.agents.create(principal, { slug: 'runner', name: 'Runner', config: runnable });
    const { run } = await test.platform.runs.create(principal, { agentId: agent.id, input: 'hello' });

    expect((await test.platform.tenants.suspend(operator, { tenantId: tenant.id })).suspended).toBe(true);
    await expect(test.platform.auth.authenticate(minted.key)).rejects.toMatchObject({ kind: 'tenant-suspended' });
    await expect(test.platform.auth.authenticateSession(signedIn.token)).rejects.toMatchObject({ kind: 'tenant-suspended' });
    // Another tenant's key still works.
    expect(await test.platform.auth.authenticate(test.adminKey)).toMatchObject({ role: 'admin' });

    const claimedWhileSuspended = await claimRuns(test.platform.database.prisma, 'suspension-test', 100, 60_000);
    expect(claimedWhileSuspended.map((claimed) => claimed.id)).not.toContain(run.id);
    expect((await test.platform.database.prisma.run.findUniqueOrThrow({ where: { id: run.id } })).status).toBe('queued');

    await test.platform.tenants.resume(operator, { tenantId: tenant.id });
    expect(await test.platform.auth.authenticate(minted.key)).toMatchObject({ tenantId: tenant.id });
    const claimedAfterResume = await claimRuns(test.platform.database.prisma, 'suspension-test', 100, 60_000);
    expect(claimedAfterResume.map((claimed) => claimed.id)).toContain(run.id);
  });

  it('erases a tenant through the erase service after it confirms the slug; active runs are a conflict', async () => {
    const tenant = await test.platform.tenants.create(operator, { slug: 'doomed', name: 'Doomed' });
    const minted = await test.platform.tenants.mintAdminKey(operator, { tenantId: tenant.id });
    const principal = (await test.platform.auth.authenticate(minted.key))!;
    const agent = await test.platform.agents.create(principal, { slug: 'runner', name: 'Runner', config: runnable });
    const { run } = await test.platform.runs.create(principal, { agentId: agent.id, input: 'hello' });
    const bystander = (await test.platform.auth.authenticate(test.adminKey))!.tenantId;
    const bystanderRows = await rowsOfTenant(test.platform.database, bystander);

    await expect(test.platform.tenants.erase(operator, { tenantId: tenant.id, confirmSlug: 'wrong' })).rejects.toMatchObject({
      kind: 'validation',
      field: 'confirmSlug',
    });
    await expect(test.platform.tenants.erase(operator, { tenantId: tenant.id, confirmSlug: 'doomed' })).rejects.toMatchObject({ kind: 'conflict' });
    await test.platform.runs.cancel(principal, { runId: run.id });

    const receipt = await test.platform.tenants.erase(operator, { tenantId: tenant.id, confirmSlug: 'doomed' });
    expect(receipt).toMatchObject({ unit: 'tenant', id: tenant.id });
    expect(receipt.counts).toMatchObject({ tenants: 1, agents: 1, api_keys: 1, runs: 1 });
    const { prisma } = test.platform.database;
    expect(await prisma.tenant.count({ where: { id: tenant.id } })).toBe(0);
    expect(await prisma.run.count({ where: { tenantId: tenant.id } })).toBe(0);
    expect(await test.platform.auth.authenticate(minted.key)).toBeNull();
    await expect(test.platform.tenants.get(operator, { tenantId: tenant.id })).rejects.toMatchObject({ kind: 'not-found' });
    // Another tenant's rows, every table of both schemas, are as they were.
    expect(await rowsOfTenant(test.platform.database, bystander)).toEqual(bystanderRows);
  });

  it('an erase of a tenant that is gone by the time it runs is not found, and erases nothing', async () => {
    // The service looks the tenant up first; the erase checks again under its row lock, for a tenant
    // erased in between (two operators at once): the second finds nothing and says so.
    const tenant = await test.platform.tenants.create(operator, { slug: 'erased-twice', name: 'Erased twice' });
    await test.platform.tenants.erase(operator, { tenantId: tenant.id, confirmSlug: 'erased-twice' });
    const { prisma } = test.platform.database;
    const tenantsBefore = await prisma.tenant.count();
    const auditBefore = await prisma.auditLog.count();
    for (const tenantId of [tenant.id, randomUUID()]) {
      await expect(test.platform.erase.eraseTenantAsOperator(tenantId, 'test')).rejects.toMatchObject({ kind: 'not-found', field: 'tenantId' });
      await expect(test.platform.tenants.erase(operator, { tenantId, confirmSlug: 'erased-twice' })).rejects.toMatchObject({ kind: 'not-found' });
    }
    expect(await prisma.tenant.count()).toBe(tenantsBefore);
    expect(await prisma.auditLog.count()).toBe(auditBefore);
  });

  it('rotates the operator key: the old one stops working, the new one works', async () => {
    const { operatorKey, revoked } = await rotateOperatorKey(test.platform.database, undefined);
    expect(revoked).toBe(1);
    expect(await test.platform.auth.authenticateOperator(test.operatorKey)).toBeNull();
    expect(await test.platform.auth.authenticateOperator(operatorKey)).toMatchObject({ operatorKeyName: 'Instance operator key (rotated)' });
  });
});
