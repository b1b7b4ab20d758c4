import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestPlatform, holdRowLock, sessionsWaitingOnLocks, silentLogger, type TestPlatform } from '../testing';
import type { Principal } from './roles';

/**
 * A suspension acts like a revoke for changes too: a request authenticated a moment before the
 * operator suspended its tenant changes nothing after the suspension returned (assertCredentialCurrent
 * reads and locks the tenant with the key). Before, it still minted keys and added webhook endpoints.
 */
describe.each(databaseModes)('a request authenticated just before its tenant was suspended (%s)', (mode) => {
  let test: TestPlatform;

  beforeAll(async () => {
    // The endpoint is never called; loopback is allowed so that saving it needs no name resolution.
    test = await createTestPlatform(mode, silentLogger, { outbound: { allowPrivateTargets: ['127.0.0.1'] } });
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it('mints no key and adds no webhook endpoint after the suspension committed', async () => {
    const admin: Principal = (await test.platform.auth.authenticate(test.adminKey))!;
    const operator = (await test.platform.auth.authenticateOperator(test.operatorKey))!;
    await test.platform.tenants.suspend(operator, { tenantId: admin.tenantId });

    await expect(test.platform.apiKeys.create(admin, { name: 'minted after suspension', role: 'admin' })).rejects.toMatchObject({ kind: 'tenant-suspended' });
    await expect(test.platform.webhooks.create(admin, { url: 'http://127.0.0.1:9/hook', eventTypes: ['run.failed'] })).rejects.toMatchObject({
      kind: 'tenant-suspended',
    });
    expect(await test.platform.database.prisma.apiKey.count({ where: { tenantId: admin.tenantId, name: 'minted after suspension' } })).toBe(0);
    expect(await test.platform.database.prisma.webhookEndpoint.count({ where: { tenantId: admin.tenantId } })).toBe(0);

    await test.platform.tenants.resume(operator, { tenantId: admin.tenantId });
    await expect(test.platform.apiKeys.create(admin, { name: 'minted after resume', role: 'viewer' })).resolves.toMatchObject({ name: 'minted after resume' });
  });
});

describe('a change waiting on a suspension in flight (server)', () => {
  let test: TestPlatform;

  beforeAll(async () => {
    test = await createTestPlatform('server', silentLogger);
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it('reads the tenant the suspension left once it commits, and refuses', async () => {
    const admin: Principal = (await test.platform.auth.authenticate(test.adminKey))!;
    // The suspension's transaction, holding the tenant row it changed until released.
    const suspension = await holdRowLock(test.platform.database, 'UPDATE tenants SET suspended_at = now() WHERE id = $1::uuid', admin.tenantId);
    const mint = test.platform.apiKeys.create(admin, { name: 'minted during suspension', role: 'admin' }).catch((error: unknown) => error);
    await expect.poll(() => sessionsWaitingOnLocks(test.platform.database, '%tenants%'), { timeout: 60_000 }).toBeGreaterThan(0);
    suspension.release();
    await suspension.done;

    await expect(mint).resolves.toMatchObject({ kind: 'tenant-suspended' });
    expect(await test.platform.database.prisma.apiKey.count({ where: { tenantId: admin.tenantId, name: 'minted during suspension' } })).toBe(0);
  });
});
