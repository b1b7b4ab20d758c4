import { execFile } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startOperator } from './soak/operator';
import { describeUnsuccessfulRuns, duplicatedUnsafeExecutions, runStatusCounts, runsWithEventGaps } from './soak/soak-checks';
import { createSoakFixture, type SoakFixture } from './soak/soak-fixture';
import { WorkerFleet } from './soak/worker-fleet';

const run = promisify(execFile);
const runCount = 80;
const workerNames = ['a', 'b'];

/** Restarts the local PostgreSQL 15 cluster (needs root) and waits until it accepts connections. */
async function restartPostgres(): Promise<number> {
  const started = Date.now();
  await run('pg_ctlcluster', ['--skip-systemctl-redirect', '15', 'main', 'restart']);
  for (;;) {
    const ready = await run('pg_isready', ['-h', '127.0.0.1']).then(
      () => true,
      () => false,
    );
    if (ready) return Date.now() - started;
    await sleep(100);
  }
}

async function settled<T>(query: () => Promise<T>): Promise<T> {
  // The test's own connections drop with the server too; retry until it answers again.
  for (;;) {
    try {
      return await query();
    } catch {
      await sleep(200);
    }
  }
}

describe('Postgres restart under load (server mode)', () => {
  let fixture: SoakFixture;
  let fleet: WorkerFleet | undefined;

  beforeAll(async () => {
    fixture = await createSoakFixture();
    fleet = new WorkerFleet({
      DATABASE_URL: fixture.databaseUrl,
      AGENTLOOM_WORKER_CONCURRENCY: '8',
      AGENTLOOM_LEASE_MS: '10000',
      AGENTLOOM_HEARTBEAT_MS: '1000',
      AGENTLOOM_RECOVERY_INTERVAL_MS: '1000',
      // Slower tools keep runs in flight across the restart.
      SOAK_TOOL_MAX_DELAY_MS: '600',
    });
    for (const name of workerNames) fleet.start(name);
    await Promise.all(workerNames.map((name) => fleet!.waitReady(name)));
  });

  afterAll(async () => {
    await fleet?.killAll();
    await fixture?.dispose();
  });

  it('keeps both workers alive through a server restart mid-run, and every run finishes', { timeout: 240_000 }, async () => {
    const workers = fleet!;
    const { prisma } = fixture.platform.database;
    const owners = workerNames.map((name) => workers.get(name).owner);
    const operator = startOperator(fixture.platform, fixture.principal);
    await fixture.enqueue(runCount / 2);
    // Restart while runs are mid-flight: some finished, some running.
    await expect.poll(async () => (await runStatusCounts(prisma, fixture.agentId)).succeeded ?? 0, { timeout: 60_000, interval: 100 }).toBeGreaterThanOrEqual(5);
    const inFlight = (await runStatusCounts(prisma, fixture.agentId)).running ?? 0;
    const restartedAt = new Date();
    const downtimeMs = await restartPostgres();
    // Runs created after the restart need the workers' reconnected pools (and LISTEN wake-ups).
    await settled(() => fixture.enqueue(runCount / 2));

    let counts = await settled(() => runStatusCounts(prisma, fixture.agentId));
    const deadline = Date.now() + 150_000;
    while ((counts.succeeded ?? 0) + (counts.failed ?? 0) + (counts.cancelled ?? 0) < runCount && Date.now() < deadline) {
      await sleep(500);
      counts = await settled(() => runStatusCounts(prisma, fixture.agentId));
    }
    const decisions = await operator.stop();
    const claimsAfterRestart = await prisma.runEvent.findMany({
      where: { type: 'run-started', createdAt: { gt: restartedAt }, run: { agentId: fixture.agentId } },
      select: { payload: true },
    });
    const claimingOwners = new Set(claimsAfterRestart.map((event) => (event.payload as { executor?: string }).executor));
    console.log(
      [
        `Postgres restart: ${inFlight} runs running at the restart, server back after ${downtimeMs} ms`,
        `Runs by status: ${JSON.stringify(counts)}; outcome-unknown calls approved ${decisions.approved}, rejected ${decisions.rejected}`,
        `Workers claiming after the restart: ${[...claimingOwners].join(', ')}; logs in ${workers.logDirectory}`,
      ].join('\n'),
    );

    expect(workerNames.map((name) => workers.isAlive(name))).toEqual([true, true]);
    expect(workerNames.map((name) => workers.get(name).owner)).toEqual(owners);
    for (const owner of owners) expect(claimingOwners).toContain(owner);
    expect(counts, (await describeUnsuccessfulRuns(prisma, fixture.agentId)).join('\n')).toEqual({ succeeded: runCount });
    expect(await duplicatedUnsafeExecutions(prisma)).toEqual([]);
    expect(await runsWithEventGaps(prisma, fixture.agentId)).toEqual([]);
  });
});
