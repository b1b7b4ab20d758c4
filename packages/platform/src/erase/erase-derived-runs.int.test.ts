import { randomUUID } from 'node:crypto';

import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { scanForContent } from '../memory/testing/scan-for-content';
import { createTenantAdmin, createTestAgent, createTestPlatform, silentLogger, type TestPlatform } from '../testing';
import { eraseFixtures, markerOf, runContent } from './testing/erase-fixtures';

/**
 * Retries, re-runs and forks start from a copy of their origin's input (a fork also from its
 * transcript): erasing a run erases the runs made from it, transitively, locked first so one made
 * meanwhile is found too. A queued or running one refuses the erase; another tenant's row naming the
 * run is never touched; retention keeps each run's own clock.
 */
describe.each(databaseModes)('erase takes the runs made from an erased run (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;

  beforeAll(async () => {
    test = await createTestPlatform(mode, silentLogger);
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
  });
  afterAll(() => test?.dispose());

  const setup = (userId: string) => eraseFixtures(test, principal, userId);

  it('re-runs, retries and forks of an erased run go with it, transitively; a queued one refuses the erase until it is cancelled', async () => {
    const marker = markerOf('rerun');
    const { prisma, thread, run } = await setup('user-rerun');
    const threadId = (await thread()).id;
    const origin = await run(threadId, `please forget ${marker}`);
    const retried = await run(threadId, `please forget ${marker}`, { retryOfRunId: origin.id });
    const forked = await run(null, `please forget ${marker}`, { forkOfRunId: retried.id });
    const queued = await test.platform.runs.rerun(principal, { runId: origin.id });
    const unrelated = await run(threadId, 'an unrelated task');

    const refused = test.platform.erase.eraseRun(principal, { runId: origin.id });
    await expect(refused).rejects.toMatchObject({ kind: 'conflict', field: 'runId' });
    await expect(refused).rejects.toThrow(`${queued.id} (queued)`);
    expect(await prisma.run.count({ where: { id: { in: [origin.id, retried.id, forked.id, queued.id] } } })).toBe(4);

    await test.platform.runs.cancel(principal, { runId: queued.id });
    const receipt = await test.platform.erase.eraseRun(principal, { runId: origin.id });

    expect(receipt.counts['runs']).toBe(4);
    expect(await prisma.run.count({ where: { id: { in: [origin.id, retried.id, forked.id, queued.id] } } })).toBe(0);
    expect(await prisma.run.count({ where: { id: unrelated.id } })).toBe(1);
    expect(await scanForContent(test.platform.database, [marker], runContent)).toEqual([]);
  });

  it.skipIf(mode === 'embedded')('a re-run committed while the erase waits for its origin’s lock is found and erased with it', async () => {
    const marker = markerOf('racerun');
    const { prisma, tenantId, agentId, thread, run } = await setup('user-racerun');
    const origin = await run((await thread()).id, `please forget ${marker}`);
    const version = await prisma.agentVersion.findFirstOrThrow({ where: { agentId } });
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let inserted!: (id: string) => void;
    const rerunInserted = new Promise<string>((resolve) => (inserted = resolve));
    // A re-run whose insert (holding a share lock on its origin through the foreign key) is still open.
    const rerun = prisma.$transaction(
      async (transaction) => {
        const created = await transaction.run.create({
          data: {
            tenantId,
            agentId,
            agentVersionId: version.id,
            status: 'succeeded',
            input: { text: `please forget ${marker}` },
            rerunOfRunId: origin.id,
            finishedAt: new Date(),
          },
        });
        inserted(created.id);
        await released;
      },
      { timeout: 120_000 },
    );
    const rerunId = await rerunInserted;
    const erase = test.platform.erase.eraseRun(principal, { runId: origin.id });
    const lockWaiters = async () =>
      (
        await prisma.$queryRawUnsafe<{ waiting: number }[]>(
          `SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        )
      )[0]!.waiting;
    while ((await lockWaiters()) === 0) await new Promise((resolve) => setTimeout(resolve, 25));
    release();
    await rerun;
    const receipt = await erase;

    expect(receipt.counts['runs']).toBe(2);
    expect(await prisma.run.count({ where: { id: { in: [origin.id, rerunId] } } })).toBe(0);
    expect(await scanForContent(test.platform.database, [marker], runContent)).toEqual([]);
  });

  it('a run of another tenant naming an erased run as its origin is neither erased, nor named, nor able to refuse the erase', async () => {
    const { prisma, run } = await setup('user-foreign');
    const origin = await run(null, 'a task of tenant A');
    // Only a forged row can do this (every path that makes a run copies its origin's tenant).
    const other = await createTenantAdmin(test, { slug: `foreign-origin-${randomUUID().slice(0, 8)}` });
    const otherAgentId = await createTestAgent(test.platform.database, { tenantId: other.tenantId, slug: 'foreign-origin', config: {} });
    const otherVersion = await prisma.agentVersion.findFirstOrThrow({ where: { agentId: otherAgentId } });
    const foreign = await prisma.run.create({
      data: {
        tenantId: other.tenantId,
        agentId: otherAgentId,
        agentVersionId: otherVersion.id,
        status: 'queued',
        input: { text: 'a task of tenant B' },
        rerunOfRunId: origin.id,
      },
    });

    const receipt = await test.platform.erase.eraseRun(principal, { runId: origin.id });

    expect(receipt.counts['runs']).toBe(1);
    expect(JSON.stringify(receipt)).not.toContain(foreign.id);
    expect(await prisma.run.findUnique({ where: { id: foreign.id }, select: { status: true, input: true } })).toEqual({
      status: 'queued',
      input: { text: 'a task of tenant B' },
    });
  });

  it('a thread’s erase takes the re-runs of its runs made in other threads; retention keeps a re-run until its own period ends', async () => {
    const marker = markerOf('thread');
    const { prisma, tenantId, thread, run } = await setup('user-thread');
    const erased = await thread();
    const origin = await run(erased.id, `please forget ${marker}`);
    const elsewhere = await run((await thread()).id, `please forget ${marker}`, { rerunOfRunId: origin.id });
    await test.platform.erase.eraseThread(principal, { threadId: erased.id });
    expect(await prisma.run.count({ where: { id: { in: [origin.id, elsewhere.id] } } })).toBe(0);
    expect(await scanForContent(test.platform.database, [marker], runContent)).toEqual([]);

    const aged = await run(null, 'an expired task');
    const recent = await run(null, 'an expired task', { rerunOfRunId: aged.id });
    await test.platform.erase.eraseRunAs({ tenantId, system: 'retention' }, aged.id);
    expect(await prisma.run.findUnique({ where: { id: recent.id }, select: { rerunOfRunId: true } })).toEqual({ rerunOfRunId: null });
  });
});
