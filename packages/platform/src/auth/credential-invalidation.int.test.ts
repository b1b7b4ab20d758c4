import { createTestDatabaseConfig, type TestDatabaseConfig } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createPlatform, type Platform } from '../create-platform';
import { silentLogger, testSecretKey } from '../testing';
import type { Principal } from './roles';

/** Waits for a state, not a duration; the deadline only turns a hang into a failure. */
async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Two platforms (two processes' worth of services) on one Postgres server database. Requests are
 * checked against the database, so a revoke is refused everywhere at once; what needs the
 * notification are event streams authenticated before the revoke.
 */
describe('credential changes across processes (server)', () => {
  let database: TestDatabaseConfig;
  let first: Platform;
  let second: Platform;
  let admin: Principal;

  beforeAll(async () => {
    database = await createTestDatabaseConfig('server');
    first = await createPlatform({ database: database.config, logger: silentLogger, secrets: { key: testSecretKey } });
    second = await createPlatform({ database: database.config, logger: silentLogger, secrets: { key: testSecretKey } });
    admin = (await first.auth.authenticate(first.seed.adminKey!))!;
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await database?.dispose();
  });

  async function watchedOnSecond(name: string): Promise<{ id: string; key: string; stream: AbortController }> {
    const created = await first.apiKeys.create(admin, { name, role: 'viewer' });
    const principal = (await second.auth.authenticate(created.key))!;
    const stream = new AbortController();
    second.auth.endWhenRevoked(principal, stream);
    return { id: created.id, key: created.key, stream };
  }

  it('refuses a key revoked on the other platform at the next authentication', async () => {
    const created = await first.apiKeys.create(admin, { name: 'revoked elsewhere', role: 'viewer' });
    expect(await second.auth.authenticate(created.key)).not.toBeNull();
    await first.apiKeys.revoke(admin, { apiKeyId: created.id });
    expect(await second.auth.authenticate(created.key)).toBeNull();
  });

  it('ends the other platform’s streams of a revoked key, and only those', async () => {
    const revoked = await watchedOnSecond('stream revoked');
    const kept = await watchedOnSecond('stream kept');
    await first.apiKeys.revoke(admin, { apiKeyId: revoked.id });
    await until(() => revoked.stream.signal.aborted, 'the revoked key’s stream ends on the other platform');
    expect(kept.stream.signal.aborted).toBe(false);
    kept.stream.abort();
  });

  it('ends the streams of a signed-out session on the other platform', async () => {
    const created = await first.apiKeys.create(admin, { name: 'session stream', role: 'viewer' });
    const signedIn = (await first.auth.signIn(created.key))!;
    const principal = (await second.auth.authenticateSession(signedIn.token))!;
    const stream = new AbortController();
    second.auth.endWhenRevoked(principal, stream);
    await first.auth.signOut(signedIn.token);
    await until(() => stream.signal.aborted, 'the signed-out session’s stream ends on the other platform');
  });

  it('re-checks its streams after its listener reconnects, since notifications may have been missed', async () => {
    const watched = await watchedOnSecond('missed notification');
    // Revoked without a notification: only the re-check after reconnecting can notice.
    await first.database.prisma.apiKey.update({ where: { id: watched.id }, data: { revokedAt: new Date() } });
    const terminated = await first.database.prisma.$queryRawUnsafe<{ terminated: boolean }[]>(
      `SELECT pg_terminate_backend(pid) AS terminated FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND query ILIKE 'LISTEN%'`,
    );
    expect(terminated.length).toBeGreaterThan(0);
    await until(() => watched.stream.signal.aborted, 'the reconnected platform ends the stream');
  });
});
