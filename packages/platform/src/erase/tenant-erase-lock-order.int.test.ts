import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTenantAdmin, createTestPlatform, sessionsWaitingOnLocks, silentLogger, type TestPlatform } from '../testing';
import { holdEraseFenceShared } from './erase-fence';

/**
 * A whole-tenant erase locks the tenant row, then waits for the erase fence. A writer holding the
 * fence shared (the episode sweep, an extraction, a redelivery) then inserts a row of the tenant,
 * whose foreign key takes a key-share lock on that same row. With the row locked `FOR UPDATE` the two
 * waited for each other and Postgres aborted one; `FOR NO KEY UPDATE` lets the writer finish first.
 * Server database only: the writer's transaction stays open while the erase waits.
 */
describe('a whole-tenant erase and a writer inside the erase fence (server)', () => {
  let test: TestPlatform;

  beforeAll(async () => {
    test = await createTestPlatform('server', silentLogger);
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it('the writer commits its row, then the erase removes the tenant with it', async () => {
    const { prisma } = test.platform.database;
    const tenantAdmin = await createTenantAdmin(test, { slug: 'leaving' });
    const tenantId = tenantAdmin.tenantId;
    const operator = (await test.platform.auth.authenticateOperator(test.operatorKey))!;
    let eraseIsWaiting!: () => void;
    const whenEraseWaits = new Promise<void>((resolve) => (eraseIsWaiting = resolve));
    let fenceHeld!: () => void;
    const whenFenceHeld = new Promise<void>((resolve) => (fenceHeld = resolve));
    const writer = prisma.$transaction(
      async (transaction) => {
        await holdEraseFenceShared(transaction, tenantId);
        fenceHeld();
        await whenEraseWaits;
        await transaction.memoryItem.create({ data: { tenantId, scope: 'project', scopeId: tenantId, kind: 'fact', content: 'written inside the fence' } });
      },
      { timeout: 120_000 },
    );
    await whenFenceHeld;
    const erase = test.platform.tenants.erase(operator, { tenantId, confirmSlug: 'leaving' });
    await expect.poll(() => sessionsWaitingOnLocks(test.platform.database, '%pg_advisory_xact_lock%'), { timeout: 60_000 }).toBeGreaterThan(0);
    eraseIsWaiting();

    await expect(writer).resolves.toBeUndefined();
    await expect(erase).resolves.toMatchObject({ unit: 'tenant', id: tenantId, counts: { memory_items: 1, tenants: 1 } });
    expect(await prisma.tenant.count({ where: { id: tenantId } })).toBe(0);
  });
});
