import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestPlatform, silentLogger, type TestPlatform } from '../testing';
import { holdRowLock, sessionsWaitingOnLocks } from '../testing/hold-row-lock';
import { credentialsChangedChannel } from './credential-invalidation';

/**
 * A revoke notifies once. Before, when the re-read that notification started failed (a dropped
 * connection, the database restarting), the failure was logged and nothing else happened: the
 * revoked key's streams went on until some other credential change. The failure here is real: the
 * re-read waits behind a table lock and its backend is terminated, as a database restart would.
 */
describe('a failed re-read of watched credentials (server)', () => {
  let test: TestPlatform;

  beforeAll(async () => {
    test = await createTestPlatform('server', silentLogger);
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it('is tried again until it succeeds, and then ends the revoked key’s stream', async () => {
    const { platform } = test;
    const admin = (await platform.auth.authenticate(test.adminKey))!;
    const created = await platform.apiKeys.create(admin, { name: 'revoked while the re-read fails', role: 'viewer' });
    const stream = new AbortController();
    platform.auth.endWhenRevoked((await platform.auth.authenticate(created.key))!, stream);

    // Revoked without a notification: only a re-read that succeeds can notice.
    await platform.database.prisma.apiKey.update({ where: { id: created.id }, data: { revokedAt: new Date() } });
    // The watch's re-read reads api_keys; an exclusive lock makes it wait where its backend can be killed.
    const lock = await holdRowLock(platform.database, 'LOCK TABLE api_keys IN ACCESS EXCLUSIVE MODE');
    await platform.database.prisma.$executeRawUnsafe(`SELECT pg_notify($1, '')`, credentialsChangedChannel);
    await expect.poll(() => sessionsWaitingOnLocks(platform.database, '%key.revoked_at%'), { timeout: 60_000, interval: 50 }).toBe(1);
    const terminated = await platform.database.sql.query<{ terminated: boolean }>(
      `SELECT pg_terminate_backend(pid) AS terminated FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE '%key.revoked_at%'`,
    );
    expect(terminated).toEqual([{ terminated: true }]);
    lock.release();
    await lock.done;
    // Not asserted here that the stream is still open: the retry may already have ended it on a busy
    // machine. Without the retry it never ends (the mutation of ADR 0007's amendment shows it).

    await expect.poll(() => stream.signal.aborted, { timeout: 60_000, interval: 50 }).toBe(true);
  });
});
