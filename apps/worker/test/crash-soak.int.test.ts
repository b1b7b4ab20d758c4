import { setTimeout as sleep } from 'node:timers/promises';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startOperator } from './soak/operator';
import { formatRecoveryTable, measureRecoveries, recordKill, type KillRecord } from './soak/recovery-times';
import { describeUnsuccessfulRuns, duplicatedUnsafeExecutions, idempotentExecutions, ledgerDisagreements, runStatusCounts, runsWithEventGaps } from './soak/soak-checks';
import { createSoakFixture, type SoakFixture } from './soak/soak-fixture';
import { WorkerFleet } from './soak/worker-fleet';
import { workersHoldingRuns } from './soak/workers-holding-runs';

// CI size by default; `npm run soak` runs the same test with SOAK_RUNS=1000 SOAK_KILLS=100.
const runCount = Number(process.env.SOAK_RUNS ?? 200);
const killCount = Number(process.env.SOAK_KILLS ?? 20);
const workerNames = ['a', 'b'];
// Generous upper bound; the CI size takes about a minute on 2 cores.
const testTimeoutMs = 120_000 + runCount * 300 + killCount * 6_000;

function randomBetween(low: number, high: number): number {
  return low + Math.floor(Math.random() * (high - low));
}

describe('crash soak: kill -9 workers under load (server mode)', () => {
  let fixture: SoakFixture;
  let fleet: WorkerFleet | undefined;

  beforeAll(async () => {
    fixture = await createSoakFixture();
    fleet = new WorkerFleet({
      DATABASE_URL: fixture.databaseUrl,
      AGENTLOOM_WORKER_CONCURRENCY: '8',
      // Short, so recovery is quick; not shorter, or a busy 2-core machine starves live workers'
      // heartbeats and the soak measures lease churn instead of crash recovery.
      AGENTLOOM_LEASE_MS: '3000',
      AGENTLOOM_HEARTBEAT_MS: '500',
      AGENTLOOM_RECOVERY_INTERVAL_MS: '500',
    });
    for (const name of workerNames) fleet.start(name);
    await Promise.all(workerNames.map((name) => fleet!.waitReady(name)));
  });

  afterAll(async () => {
    await fleet?.killAll();
    await fixture?.dispose();
  });

  it(`finishes ${runCount} runs through ${killCount} kill -9s with no unsafe call executed twice`, { timeout: testTimeoutMs }, async () => {
    const workers = fleet!;
    const { prisma } = fixture.platform.database;
    const operator = startOperator(fixture.platform, fixture.principal);
    const kills: KillRecord[] = [];

    // Runs arrive in one batch per kill, and each kill picks a worker that holds runs at that
    // moment, so kills land mid-run (between ledger writes, inside tool calls, mid-commit).
    const batches = Math.max(killCount, 1);
    for (let batch = 0; batch < batches; batch++) {
      // One worker down at a time, so a live one is always there to recover the victim's runs.
      await Promise.all(workerNames.map((name) => workers.waitReady(name)));
      const size = Math.floor((runCount * (batch + 1)) / batches) - Math.floor((runCount * batch) / batches);
      await fixture.enqueue(size);
      if (batch >= killCount) continue;
      const holding = await workersHoldingRuns(workers, prisma);
      const candidates = holding.length > 0 ? holding : workers.readyNames();
      const victim = candidates[randomBetween(0, candidates.length)]!;
      await sleep(randomBetween(0, 400));
      const { owner } = workers.get(victim);
      const killedAt = new Date();
      await workers.kill(victim);
      kills.push(await recordKill(prisma, owner, killedAt));
      workers.start(victim);
    }

    const deadline = Date.now() + testTimeoutMs - 30_000;
    let counts = await runStatusCounts(prisma, fixture.agentId);
    while ((counts.succeeded ?? 0) + (counts.failed ?? 0) + (counts.cancelled ?? 0) < runCount && Date.now() < deadline) {
      await sleep(500);
      counts = await runStatusCounts(prisma, fixture.agentId);
    }
    const decisions = await operator.stop();

    const recoveries = await measureRecoveries(prisma, kills);
    const interruptingKills = kills.filter((kill) => kill.heldRuns.length > 0).length;
    const idempotent = await idempotentExecutions(prisma);
    console.log(
      [
        `Crash soak: ${runCount} runs, ${kills.length} kill -9s (${interruptingKills} with runs in flight), logs in ${workers.logDirectory}`,
        `Runs by status: ${JSON.stringify(counts)}; outcome-unknown calls approved ${decisions.approved}, rejected ${decisions.rejected}`,
        `Idempotent ledger_mark calls: ${idempotent.calls}, re-run after a crash: ${idempotent.rerun}`,
        formatRecoveryTable(recoveries),
      ].join('\n'),
    );

    expect(kills.length).toBeGreaterThanOrEqual(killCount);
    expect(counts, (await describeUnsuccessfulRuns(prisma, fixture.agentId)).join('\n')).toEqual({ succeeded: runCount });
    expect(await duplicatedUnsafeExecutions(prisma)).toEqual([]);
    expect(await ledgerDisagreements(prisma)).toEqual([]);
    expect(idempotent.missing).toBe(0);
    expect(await runsWithEventGaps(prisma, fixture.agentId)).toEqual([]);
    expect(recoveries.unrecovered).toEqual([]);
  });
});
