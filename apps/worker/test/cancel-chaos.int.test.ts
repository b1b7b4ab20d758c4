import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';

import { unhandledRejectionMessage } from '@agentloom/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { chaosAgentSlugs, createChaosAgents, type ChaosAgentSlug } from './chaos/chaos-agents';
import { crashLinesIn, interruptedCallCounts, runningCallsInEndedRuns, toolCallsStartedAfterCancel } from './chaos/chaos-checks';
import { startOperator } from './soak/operator';
import { describeUnsuccessfulRuns, duplicatedUnsafeExecutions, runStatusCounts, runsWithEventGaps } from './soak/soak-checks';
import { createSoakFixture, type SoakFixture } from './soak/soak-fixture';
import { WorkerFleet } from './soak/worker-fleet';
import { workersHoldingRuns } from './soak/workers-holding-runs';

// CI size by default; `npm run soak:chaos` runs it bigger (CHAOS_RUNS=600 CHAOS_KILLS=40).
const runCount = Number(process.env.CHAOS_RUNS ?? 60);
const killCount = Number(process.env.CHAOS_KILLS ?? 6);
const workerNames = ['a', 'b', 'c'];
const chaosToolsModule = fileURLToPath(new URL('./chaos/chaos-tools.ts', import.meta.url));
// A generous bound, not a timing assertion: the CI size takes one to three minutes on a busy 2-core machine.
const testTimeoutMs = 240_000 + runCount * 1_500 + killCount * 10_000;
const terminal = new Set(['succeeded', 'failed', 'cancelled']);

function randomBetween(low: number, high: number): number {
  return low + Math.floor(Math.random() * (high - low));
}

function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index--) {
    const other = randomBetween(0, index + 1);
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy;
}

describe('cancel chaos: cancel storms while workers are killed (server mode)', () => {
  let fixture: SoakFixture;
  let fleet: WorkerFleet | undefined;
  let agents: Record<ChaosAgentSlug, string>;

  beforeAll(async () => {
    fixture = await createSoakFixture();
    agents = await createChaosAgents(fixture.platform, fixture.principal);
    fleet = new WorkerFleet({
      DATABASE_URL: fixture.databaseUrl,
      AGENTLOOM_TOOL_MODULES: chaosToolsModule,
      AGENTLOOM_WORKER_CONCURRENCY: '4',
      AGENTLOOM_LEASE_MS: '3000',
      AGENTLOOM_HEARTBEAT_MS: '500',
      AGENTLOOM_RECOVERY_INTERVAL_MS: '500',
      // Shorter than the stubborn tool's wait, so cancels abandon it.
      AGENTLOOM_TOOL_ABORT_GRACE_MS: '500',
    });
    for (const name of workerNames) fleet.start(name);
    await Promise.all(workerNames.map((name) => fleet!.waitReady(name)));
  });

  afterAll(async () => {
    await fleet?.killAll();
    await fixture?.dispose();
  });

  it(`cancels bursts of ${runCount} runs through ${killCount} kill -9s: no worker dies, cancel wins, nothing lost or repeated`, { timeout: testTimeoutMs }, async () => {
    const workers = fleet!;
    const { platform, principal } = fixture;
    const { prisma } = platform.database;
    const operator = startOperator(platform, principal);
    const created: string[] = [];
    const cancelled = new Set<string>();
    const tally = { cancelRequests: 0, cancelsRefused: 0, approvals: 0, approvalsRefused: 0, kills: 0 };

    const approveSome = async (share: number) => {
      const pending = await prisma.approval.findMany({ where: { tenantId: principal.tenantId, status: 'pending', NOT: { requestReason: { startsWith: 'outcome unknown' } } }, select: { id: true } });
      await Promise.all(
        shuffled(pending)
          .slice(0, Math.ceil(pending.length * share))
          .map((approval) =>
            platform.approvals.decide(principal, { approvalId: approval.id, decision: 'approve' }).then(
              () => void (tally.approvals += 1),
              // Lost to a concurrent cancel (the run ended): the expected answer under contention.
              () => void (tally.approvalsRefused += 1),
            ),
          ),
      );
    };

    const cancelBurst = async () => {
      // Not yet cancelled: a second cancel of a running run would move its cancel_requested_at later.
      const open = await prisma.run.findMany({ where: { id: { in: created }, status: { in: ['queued', 'running', 'waiting_human'] }, cancelRequestedAt: null }, select: { id: true } });
      const victims = shuffled(open).slice(0, Math.ceil(open.length * 0.3));
      await Promise.all(
        victims.map((run) => {
          tally.cancelRequests += 1;
          return platform.runs.cancel(principal, { runId: run.id }).then(
            () => void cancelled.add(run.id),
            // Already ended between the query and the cancel: a 409, not a cancel.
            () => void (tally.cancelsRefused += 1),
          );
        }),
      );
    };

    const waves = Math.max(killCount, 1);
    for (let wave = 0; wave < waves; wave++) {
      await Promise.all(workerNames.map((name) => workers.waitReady(name)));
      const size = Math.floor((runCount * (wave + 1)) / waves) - Math.floor((runCount * wave) / waves);
      for (let index = 0; index < size; index++) {
        const slug = chaosAgentSlugs[randomBetween(0, chaosAgentSlugs.length)]!;
        created.push((await platform.runs.create(principal, { agentId: agents[slug], input: `Chaos run ${created.length + 1}` })).run.id);
      }
      // Cancels land on queued runs (just created), running ones (mid tool call) and waiting ones.
      await cancelBurst();
      await sleep(randomBetween(100, 600));
      await Promise.all([cancelBurst(), approveSome(0.5)]);
      if (wave >= killCount) continue;
      const holding = await workersHoldingRuns(workers, prisma);
      const candidates = holding.length > 0 ? holding : workers.readyNames();
      const victim = candidates[randomBetween(0, candidates.length)]!;
      await sleep(randomBetween(0, 300));
      await workers.kill(victim);
      tally.kills += 1;
      workers.start(victim);
    }

    // Let everything finish: approvals still pending are granted, so every run can reach an end.
    const deadline = Date.now() + testTimeoutMs / 2;
    let open = created.length;
    while (Date.now() < deadline) {
      await approveSome(1);
      open = await prisma.run.count({ where: { id: { in: created }, status: { notIn: ['succeeded', 'failed', 'cancelled'] } } });
      if (open === 0) break;
      await sleep(500);
    }
    const decisions = await operator.stop();

    const runs = await prisma.run.findMany({ where: { id: { in: created } }, select: { id: true, status: true } });
    const notCancelled = runs.filter((run) => cancelled.has(run.id) && run.status !== 'cancelled');
    const lost = runs.filter((run) => !terminal.has(run.status));
    const lateStarts = await toolCallsStartedAfterCancel(prisma, created);
    const duplicates = await duplicatedUnsafeExecutions(prisma);
    const crashLines = crashLinesIn(workers.logFiles(), [unhandledRejectionMessage, 'UnhandledPromiseRejection', 'Unhandled rejection', 'uncaughtException']);
    const statuses = Object.fromEntries(
      await Promise.all(chaosAgentSlugs.map(async (slug) => [slug, await runStatusCounts(prisma, agents[slug])] as const)),
    );
    console.log(
      [
        `Cancel chaos: ${created.length} runs, ${tally.kills} kill -9s, ${tally.cancelRequests} cancel requests (${cancelled.size} committed, ${tally.cancelsRefused} refused: already ended), ` +
          `${tally.approvals} approvals granted (${tally.approvalsRefused} lost to a cancel), outcome-unknown decisions ${decisions.approved + decisions.rejected}; logs in ${workers.logDirectory}`,
        `Runs by agent and status: ${JSON.stringify(statuses)}; interrupted tool calls: ${JSON.stringify(await interruptedCallCounts(prisma, created))}`,
        `Worker deaths not caused by the test: ${workers.unexpectedExits.length}; unhandled-rejection log lines: ${crashLines.length}; ` +
          `tool calls started after their cancel: ${lateStarts.length}; duplicate unsafe effects: ${duplicates.length}; lost runs: ${lost.length}`,
      ].join('\n'),
    );

    expect(tally.kills).toBe(killCount);
    expect(workers.unexpectedExits).toEqual([]);
    expect(crashLines).toEqual([]);
    expect(notCancelled).toEqual([]);
    expect(lateStarts).toEqual([]);
    expect(lost, `still open after waiting: ${lost.length}`).toEqual([]);
    const failed = runs.filter((run) => run.status === 'failed');
    const failureDetails = (await Promise.all(chaosAgentSlugs.map((slug) => describeUnsuccessfulRuns(prisma, agents[slug])))).flat().join('\n');
    expect(failed, failureDetails).toEqual([]);
    expect(duplicates).toEqual([]);
    expect(await runningCallsInEndedRuns(prisma, created)).toEqual([]);
    for (const slug of chaosAgentSlugs) expect(await runsWithEventGaps(prisma, agents[slug])).toEqual([]);
  });
});
