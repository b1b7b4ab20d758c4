import { randomUUID } from 'node:crypto';

import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { claimRuns } from '../execution/run-claims';
import { RunExecutor } from '../execution/run-executor';
import { raceTwoClaimers } from '../execution/two-claimers';
import { createTestPlatform, silentLogger, type TestPlatform } from '../testing';
import { createBatchAgent, recordingBatchProcessor, runningInBatch } from './batch-test-helpers';

describe.each(databaseModes)('batch caps and fair claiming (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;

  beforeAll(async () => {
    test = await createTestPlatform(mode);
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
  });
  afterAll(() => test?.dispose());

  it('a 1,000-item batch with a cap of 4 never has more than 4 running across two executors, while an interactive run starts meanwhile', async () => {
    const agentId = await createBatchAgent(test, principal, `cap-${randomUUID()}`);
    const items = Array.from({ length: 1_000 }, (_, index) => `item ${index}`);
    const batch = await test.platform.batches.submit(principal, { agentId, concurrency: 4, items });
    expect(batch.progress).toMatchObject({ total: 1_000, queued: 1_000 });

    const seen = { now: 0, max: 0, maxInDatabase: 0, done: 0 };
    const processor = recordingBatchProcessor(test, batch.id, seen);
    const interactiveDone: string[] = [];
    const executors = [0, 1].map(
      (index) =>
        new RunExecutor(
          test.platform.database,
          {
            process: async (run, owner, signals) => {
              const row = await test.platform.database.prisma.run.findUniqueOrThrow({ where: { id: run.id }, select: { batchId: true } });
              if (row.batchId) return processor.process(run, owner, signals);
              await test.platform.database.prisma.run.updateMany({ where: { id: run.id, leaseOwner: owner }, data: { status: 'succeeded', leaseOwner: null, finishedAt: new Date() } });
              interactiveDone.push(run.id);
            },
          },
          silentLogger,
          { owner: `batch-executor-${index}`, concurrency: 8, pollMs: 20 },
        ),
    );
    await Promise.all(executors.map((executor) => executor.start()));
    try {
      await expect.poll(() => seen.done, { timeout: 60_000 }).toBeGreaterThan(10);
      // An interactive run submitted while the batch has hundreds of items queued starts before the batch ends.
      const { run: interactive } = await test.platform.runs.create(principal, { agentId, input: 'interactive' });
      await expect.poll(() => interactiveDone.includes(interactive.id), { timeout: 60_000 }).toBe(true);
      expect((await test.platform.batches.get(principal, { batchId: batch.id })).progress.queued).toBeGreaterThan(0);
      await expect.poll(() => seen.done, { timeout: 600_000, interval: 500 }).toBe(1_000);
    } finally {
      await Promise.all(executors.map((executor) => executor.stop()));
    }
    expect(seen.max).toBeLessThanOrEqual(4);
    expect(seen.maxInDatabase).toBeLessThanOrEqual(4);
    // The cap was reached, so the bound above is the cap's doing (16 slots were free).
    expect(seen.max).toBe(4);
    const done = await test.platform.batches.get(principal, { batchId: batch.id });
    expect(done).toMatchObject({ status: 'completed', progress: { total: 1_000, succeeded: 1_000, queued: 0, running: 0 } });
  }, 660_000); // Its own poll allows 600 s for 1,000 items: the 120 s default timed out on a loaded machine (embedded mode).

  it('claims interactive runs past a batch at its cap, and never more batch items than its free slots', async () => {
    const agentId = await createBatchAgent(test, principal, `fair-${randomUUID()}`);
    const batch = await test.platform.batches.submit(principal, { agentId, concurrency: 2, items: Array.from({ length: 50 }, (_, index) => `item ${index}`) });
    const { run: interactive } = await test.platform.runs.create(principal, { agentId, input: 'interactive' });
    const first = await claimRuns(test.platform.database.statements, 'fair-a', 8, 60_000);
    const batchIds = new Set((await test.platform.database.prisma.run.findMany({ where: { batchId: batch.id }, select: { id: true } })).map((run) => run.id));
    expect(first.filter((run) => batchIds.has(run.id))).toHaveLength(2);
    expect(first.map((run) => run.id)).toContain(interactive.id);
    expect(await claimRuns(test.platform.database.statements, 'fair-b', 8, 60_000)).toEqual([]);
    expect(await runningInBatch(test, batch.id)).toBe(2);
    await test.platform.batches.cancel(principal, { batchId: batch.id });
    // No executor holds these runs: end them, so the next test counts only its own.
    await test.platform.database.prisma.run.updateMany({ where: { leaseOwner: 'fair-a' }, data: { status: 'cancelled', leaseOwner: null, finishedAt: new Date() } });
  });

  it('holds per-tenant and per-agent limits in the claim', async () => {
    const { prisma } = test.platform.database;
    const limited = await createBatchAgent(test, principal, `agent-limit-${randomUUID()}`);
    const other = await createBatchAgent(test, principal, `agent-free-${randomUUID()}`);
    await prisma.agent.update({ where: { id: limited }, data: { maxRunningRuns: 1 } });
    const limitedRuns = await Promise.all([0, 1, 2].map((index) => test.platform.runs.create(principal, { agentId: limited, input: `limited ${index}` })));
    const otherRuns = await Promise.all([0, 1, 2].map((index) => test.platform.runs.create(principal, { agentId: other, input: `other ${index}` })));
    const claimed = (await claimRuns(test.platform.database.statements, 'limits', 8, 60_000)).map((run) => run.id);
    expect(claimed.filter((id) => limitedRuns.some((created) => created.run.id === id))).toHaveLength(1);
    expect(claimed.filter((id) => otherRuns.some((created) => created.run.id === id))).toHaveLength(3);

    // The tenant limit counts every running run of the tenant (4 are running now).
    await prisma.tenant.update({ where: { id: principal.tenantId }, data: { maxRunningRuns: 5 } });
    await prisma.agent.update({ where: { id: limited }, data: { maxRunningRuns: null } });
    expect(await claimRuns(test.platform.database.statements, 'limits', 8, 60_000)).toHaveLength(1);
    expect(await claimRuns(test.platform.database.statements, 'limits', 8, 60_000)).toEqual([]);
    // A run that ends frees its slot.
    await prisma.run.updateMany({ where: { id: { in: claimed } }, data: { status: 'succeeded', leaseOwner: null, finishedAt: new Date() } });
    expect(await claimRuns(test.platform.database.statements, 'limits', 8, 60_000)).toHaveLength(1);
    await prisma.tenant.update({ where: { id: principal.tenantId }, data: { maxRunningRuns: null } });
    await prisma.run.updateMany({ where: { agentId: { in: [limited, other] }, status: { in: ['queued', 'running'] } }, data: { status: 'cancelled', leaseOwner: null, finishedAt: new Date() } });
  });
});

/**
 * Two claimers racing on one batch: claimer A has claimed its one free slot in a transaction it has
 * not committed; claimer B must not count A's run as free room. Server mode only — the embedded
 * database serves one transaction at a time.
 */
describe('concurrent claimers respect a batch cap (server)', () => {
  let test: TestPlatform;
  let principal: Principal;

  beforeAll(async () => {
    test = await createTestPlatform('server', silentLogger);
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
  });
  afterAll(() => test?.dispose());

  it('a claimer waits for the tenant’s claim lock and then sees the batch full', async () => {
    const agentId = await createBatchAgent(test, principal, `race-${randomUUID()}`);
    const batch = await test.platform.batches.submit(principal, { agentId, concurrency: 1, items: ['first', 'second', 'third'] });

    // B may wait on the tenant's claim lock (advisory) or finish; either way it must find the batch full.
    const race = await raceTwoClaimers(test.platform.database, { limitA: 8, limitB: 8, waitLockTypes: ['advisory'] });
    expect(race.a).toHaveLength(1);
    expect(race.b, 'claimer B started a second item of a batch capped at 1').toEqual([]);
    expect(await runningInBatch(test, batch.id)).toBe(1);
  });

  it('many concurrent claimers never run more than the cap', async () => {
    const agentId = await createBatchAgent(test, principal, `swarm-${randomUUID()}`);
    const batch = await test.platform.batches.submit(principal, { agentId, concurrency: 3, items: Array.from({ length: 120 }, (_, index) => `item ${index}`) });
    const { prisma } = test.platform.database;
    let max = 0;
    let finished = 0;
    const claimer = async (index: number) => {
      while (finished < 120) {
        const runs = await claimRuns(test.platform.database.statements, `swarm-${index}`, 4, 60_000);
        max = Math.max(max, await runningInBatch(test, batch.id));
        for (const run of runs) {
          await prisma.run.update({ where: { id: run.id }, data: { status: 'succeeded', leaseOwner: null, finishedAt: new Date() } });
          finished += 1;
        }
        if (runs.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      }
    };
    await Promise.all(Array.from({ length: 6 }, (_, index) => claimer(index)));
    expect(max).toBeLessThanOrEqual(3);
    expect((await test.platform.batches.get(principal, { batchId: batch.id })).progress.succeeded).toBe(120);
  });
});
