import { createTestDatabaseConfig, type TestDatabaseConfig } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createPlatform, type Platform } from '../create-platform';
import { silentLogger } from '../testing';
import type { Principal } from './roles';

// Far longer than any test step: whatever ends a cached verification here is the notification.
const auth = { cacheTtlMs: 300_000 };

/** Waits for a state, not a duration; the deadline only turns a hang into a failure. */
async function until(condition: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('credential invalidation across processes (server)', () => {
  let database: TestDatabaseConfig;
  let first: Platform;
  let second: Platform;
  let admin: Principal;

  beforeAll(async () => {
    database = await createTestDatabaseConfig('server');
    first = await createPlatform({ database: database.config, logger: silentLogger, auth });
    second = await createPlatform({ database: database.config, logger: silentLogger, auth });
    admin = (await first.auth.authenticate(first.seed.adminKey!))!;
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await database?.dispose();
  });

  it('a revoke on one platform ends the cached verification on the other', async () => {
    const created = await first.apiKeys.create(admin, { name: 'cached elsewhere', role: 'viewer' });
    expect(await second.auth.authenticate(created.key)).not.toBeNull();
    // Revoked behind the platform's back: no notification, so the other process keeps its cache.
    await first.database.prisma.apiKey.update({ where: { id: created.id }, data: { revokedAt: new Date() } });
    expect(await second.auth.authenticate(created.key)).not.toBeNull();

    const other = await first.apiKeys.create(admin, { name: 'revoked properly', role: 'viewer' });
    expect(await second.auth.authenticate(other.key)).not.toBeNull();
    await first.apiKeys.revoke(admin, { apiKeyId: other.id });
    await until(async () => (await second.auth.authenticate(other.key)) === null, 'the other platform refuses the revoked key');
    // The notification cleared everything cached, the key revoked without one included.
    expect(await second.auth.authenticate(created.key)).toBeNull();
  });

  it('forgets everything after its listener reconnects, since notifications may have been missed', async () => {
    const created = await first.apiKeys.create(admin, { name: 'missed notification', role: 'viewer' });
    expect(await second.auth.authenticate(created.key)).not.toBeNull();
    await first.database.prisma.apiKey.update({ where: { id: created.id }, data: { revokedAt: new Date() } });
    // Every LISTENing connection of this database (both platforms'): each reconnects on its own.
    const terminated = await first.database.prisma.$queryRawUnsafe<{ terminated: boolean }[]>(
      `SELECT pg_terminate_backend(pid) AS terminated FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND query ILIKE 'LISTEN%'`,
    );
    expect(terminated.length).toBeGreaterThan(0);
    await until(async () => (await second.auth.authenticate(created.key)) === null, 'the reconnected platform refuses the key');
  });
});
