import { rawSqlFor } from '@agentloom/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { RunService } from '../runs/run-service';
import { createTestPlatform, silentLogger, type TestPlatform } from '../testing';
import { finishRun } from './finish-run';
import { RunExecutor } from './run-executor';
import type { RunProcessor } from './run-processor';

/** A processor whose runs each wait for the test to open their gate; counts how many run at once. */
function gatedProcessor(test: TestPlatform) {
  const gates = new Map<string, () => void>();
  const order: string[] = [];
  let running = 0;
  let openAll = false;
  const state = { maxRunning: 0, running: () => running, order, open: (runId: string) => gates.get(runId)?.() };
  const processor: RunProcessor = {
    async process(run, owner) {
      order.push(run.id);
      running += 1;
      state.maxRunning = Math.max(state.maxRunning, running);
      if (!openAll) await new Promise<void>((resolve) => gates.set(run.id, resolve));
      running -= 1;
      if (!(await finishRun(test.platform.database.statements, run, owner, { status: 'succeeded' }))) throw new Error(`Run ${run.id} lost its lease`);
    },
  };
  return {
    processor,
    state,
    openEverything: () => {
      openAll = true;
      for (const open of gates.values()) open();
    },
  };
}

/**
 * Claims in flight at once (ADR 0066), made deterministic: the tenant has a concurrency limit, so
 * every claim first takes the tenant's advisory lock (migration 20261202100000_batches); the test
 * holds that lock, so claims stay in flight until it lets go. Server mode only — the embedded
 * database serves one transaction at a time, so a held lock cannot keep a claim waiting there.
 */
describe('run executor with claims in flight (server)', () => {
  let test: TestPlatform;
  let principal: Principal;
  let agentId: string;

  beforeAll(async () => {
    test = await createTestPlatform('server', silentLogger);
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    agentId = (await test.platform.database.prisma.agent.findFirstOrThrow({ where: { slug: 'demo-operator' } })).id;
  });
  afterAll(() => test?.dispose());

  it('fills slots freed during a claim with a second claim, and never holds more runs than its concurrency', async () => {
    const { prisma } = test.platform.database;
    await prisma.tenant.update({ where: { id: principal.tenantId }, data: { maxRunningRuns: 100 } });
    const runs = new RunService(test.platform.database);
    const created: string[] = [];
    for (let index = 0; index < 6; index += 1) created.push((await runs.create(principal, { agentId, input: `pipelined ${index}` })).run.id);
    const gated = gatedProcessor(test);
    const executor = new RunExecutor(test.platform.database, gated.processor, silentLogger, {
      owner: 'pipelining',
      concurrency: 3,
      claimsInFlight: 2,
      // No poll during the test: every claim below is started by a settled run.
      pollMs: 600_000,
    });
    const claimsWaitingOnTenantLock = async () =>
      Number(
        (
          await rawSqlFor(prisma).query<{ waiting: bigint }>(
            `SELECT count(*) AS waiting FROM pg_locks
              WHERE NOT granted AND locktype = 'advisory'
                AND pid IN (SELECT pid FROM pg_stat_activity WHERE datname = current_database())`,
          )
        )[0]?.waiting ?? 0,
      );

    let releaseTenantLock!: () => void;
    const tenantLockReleased = new Promise<void>((resolve) => (releaseTenantLock = resolve));
    let tenantLockTaken!: () => void;
    const tenantLockHeld = new Promise<void>((resolve) => (tenantLockTaken = resolve));
    let holding: Promise<void> | undefined;
    try {
      await executor.start();
      await expect.poll(() => gated.state.running(), { timeout: 20_000 }).toBe(3);

      holding = prisma.$transaction(
        async (transaction) => {
          await transaction.$queryRawUnsafe('SELECT pg_advisory_xact_lock(4049, hashtext($1::uuid::text))::text', principal.tenantId);
          tenantLockTaken();
          await tenantLockReleased;
        },
        { timeout: 120_000 },
      );
      await tenantLockHeld;

      // First settled run: its slot is claimed, and that claim waits on the tenant's lock.
      gated.state.open(gated.state.order[0]!);
      await expect.poll(claimsWaitingOnTenantLock, { timeout: 20_000 }).toBe(1);
      // Second settled run while the first claim is in flight: a second claim fills its slot.
      gated.state.open(gated.state.order[1]!);
      await expect.poll(claimsWaitingOnTenantLock, { timeout: 20_000 }).toBe(2);

      // Each claim asked for one slot only (the other was already asked for), so when both land the
      // executor holds its third, still gated, run and two new ones: three, never four.
      releaseTenantLock();
      await holding;
      await expect.poll(() => gated.state.order.length, { timeout: 20_000 }).toBe(5);
      expect(gated.state.maxRunning).toBe(3);

      gated.openEverything();
      await expect.poll(async () => prisma.run.count({ where: { id: { in: created }, status: 'succeeded' } }), { timeout: 20_000 }).toBe(6);
    } finally {
      releaseTenantLock();
      await holding?.catch(() => undefined);
      gated.openEverything();
      await executor.stop();
      await prisma.tenant.update({ where: { id: principal.tenantId }, data: { maxRunningRuns: null } });
    }
    expect(gated.state.maxRunning).toBeLessThanOrEqual(3);
    expect([...gated.state.order].sort()).toEqual([...created].sort());
  });
});
