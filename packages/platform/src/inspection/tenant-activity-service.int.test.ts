import { randomUUID } from 'node:crypto';

import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { runEventsChannel } from '../events/run-event';
import { createTestPlatform, type TestPlatform } from '../testing';
import { maximumActivityRuns } from './activity-rows';
import type { TenantActivityItem } from './tenant-activity-service';

describe.each(databaseModes)('tenant activity for live lists (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;

  beforeAll(async () => {
    test = await createTestPlatform(mode);
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
  });
  afterAll(() => test?.dispose());

  /** Reads items until `until` holds for one; answers them all. Bounded by the test's timeout only. */
  async function readUntil(stream: AsyncGenerator<TenantActivityItem>, until: (item: TenantActivityItem) => boolean): Promise<TenantActivityItem[]> {
    const items: TenantActivityItem[] = [];
    for (;;) {
      const next = await stream.next();
      if (next.done) return items;
      items.push(next.value);
      if (until(next.value)) return items;
    }
  }

  it('says ready once it listens, then pushes the first change at once, even with a long window', async () => {
    const abort = new AbortController();
    // A window far longer than the test may take: a change that waited for it would never arrive in time.
    const stream = test.platform.activity.watch(principal, abort.signal, { minimumIntervalMs: 10 * 60_000 });
    try {
      expect(await stream.next()).toEqual({ done: false, value: { kind: 'ready' } });
      const agent = await test.platform.database.prisma.agent.findFirstOrThrow({ where: { tenantId: principal.tenantId, slug: 'demo-researcher' } });
      const { run } = await test.platform.runs.create(principal, { agentId: agent.id, input: 'Is the list live?' });
      const items = await readUntil(stream, (item) => item.kind === 'changed');
      expect(items.at(-1)).toEqual({ kind: 'changed', runIds: [run.id] });
    } finally {
      abort.abort();
      await stream.return(undefined);
    }
  });

  it('takes the tenant from the notification (no lookup), and tells no other tenant', async () => {
    const other = await test.platform.database.prisma.tenant.create({ data: { slug: `activity-${randomUUID()}`, name: 'Other' } });
    const stranger: Principal = { ...principal, tenantId: other.id, tenantName: 'Other' };
    const abort = new AbortController();
    const mine = test.platform.activity.watch(principal, abort.signal, { minimumIntervalMs: 0 });
    const theirs = test.platform.activity.watch(stranger, abort.signal, { minimumIntervalMs: 0, heartbeatMs: 50 });
    try {
      expect((await mine.next()).value).toEqual({ kind: 'ready' });
      expect((await theirs.next()).value).toEqual({ kind: 'ready' });
      // A run id no table holds: only the tenant in the payload can route it.
      const phantomRunId = randomUUID();
      await test.platform.database.prisma.$executeRawUnsafe('SELECT pg_notify($1, $2)', runEventsChannel, `${phantomRunId}:7:${principal.tenantId}`);
      expect(await readUntil(mine, (item) => item.kind === 'changed')).toContainEqual({ kind: 'changed', runIds: [phantomRunId] });
      // The other tenant's watcher only heartbeats; read a few of its items to be sure none is that change.
      const strangerItems: TenantActivityItem[] = [];
      for (let index = 0; index < 3; index += 1) strangerItems.push((await theirs.next()).value as TenantActivityItem);
      expect(strangerItems.filter((item) => item.kind === 'changed')).toEqual([]);
    } finally {
      abort.abort();
      await mine.return(undefined);
      await theirs.return(undefined);
    }
  });
  it('holds a bounded set for a client that stops reading: past one message’s rows, only “refetch”', async () => {
    const abort = new AbortController();
    const stream = test.platform.activity.watch(principal, abort.signal, { minimumIntervalMs: 0 });
    try {
      expect((await stream.next()).value).toEqual({ kind: 'ready' });
      // The client reads no more while 200 of the tenant's runs change (one commit, as a busy tenant's would pile up).
      const changed = 4 * maximumActivityRuns;
      await test.platform.database.prisma.$executeRawUnsafe(
        `SELECT pg_notify($1, gen_random_uuid()::text || ':1:' || $2) FROM generate_series(1, $3::int)`,
        runEventsChannel,
        principal.tenantId,
        changed,
      );
      // What the service holds for it, read from the outside (a state to wait for, not a duration).
      const watcher = [...(test.platform.activity as unknown as { watchers: Set<{ changedRunIds: Set<string> }> }).watchers][0]!;
      await expect.poll(() => watcher.changedRunIds.has('*') || watcher.changedRunIds.size >= changed, { timeout: 60_000, interval: 20 }).toBe(true);
      expect(watcher.changedRunIds.size).toBeLessThanOrEqual(maximumActivityRuns);
      expect((await stream.next()).value).toEqual({ kind: 'changed', runIds: ['*'] });
    } finally {
      abort.abort();
      await stream.return(undefined);
    }
  });
});
