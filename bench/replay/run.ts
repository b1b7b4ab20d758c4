/**
 * Replay throughput: N finished runs of a scripted agent whose tool waits like a real service
 * (BENCH_REPLAY_TOOL_MS, default 200 ms per call, 2 calls per run) become a dataset, then the same
 * N cases run (a) live through the executor and (b) as an experiment in recorded mode, where the
 * recorded tool results and model replies are served and no tool runs. Cases/s from the first
 * create to the last finish (live) or to the experiment's completion, scoring included (replay).
 * Both DB modes; fails on any run or case that does not succeed/pass.
 * `cd /work/main && npx tsx bench/replay/run.ts` (BENCH_REPLAY_CASES, default 100; BENCH_REPLAY_REPEATS runs it
 * that many times, modes interleaved, and adds the median ratio with its range).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { cpus, loadavg } from 'node:os';

import type { DatabaseMode } from '@agentloom/db';
import { databaseModes } from '@agentloom/db/testing';
import { createTestAgent, createTestPlatform, silentLogger } from '@agentloom/platform/testing';
import { defineTool } from '@agentloom/runtime';

import { median } from '../median';
import { waitForEpisodes } from './wait-for-episodes';
import { z } from 'zod';

const cases = Number(process.env.BENCH_REPLAY_CASES ?? 100);
const toolMs = Number(process.env.BENCH_REPLAY_TOOL_MS ?? 200);
const concurrency = Number(process.env.BENCH_REPLAY_CONCURRENCY ?? 8);

const lookup = defineTool({
  name: 'bench_lookup',
  description: 'Reads an order from a slow service.',
  implementationId: 'bench-replay/v1/lookup',
  inputSchema: z.object({ orderId: z.string() }),
  sideEffects: 'none',
  execute: async (args) => {
    await sleep(toolMs);
    return { content: `order ${args.orderId}: paid` };
  },
});

const script = {
  replies: [
    { text: 'Looking it up.', toolCalls: [{ name: 'bench_lookup', arguments: { orderId: 'A1' } }] },
    { text: 'And the history.', toolCalls: [{ name: 'bench_lookup', arguments: { orderId: 'A1-history' } }] },
    { text: 'Order A1 is paid.' },
  ],
};

interface Row {
  mode: DatabaseMode;
  liveCasesPerSecond: number;
  replayCasesPerSecond: number;
}

async function benchMode(mode: DatabaseMode): Promise<Row> {
  const test = await createTestPlatform(mode, silentLogger, { tools: [lookup], executor: { concurrency } });
  try {
    const principal = (await test.platform.auth.authenticate(test.adminKey))!;
    const agentId = await createTestAgent(test.platform.database, { tenantId: principal.tenantId, slug: 'bench-replay', config: { instructions: 'Orders.', tools: ['bench_lookup'], demoScript: script } });
    await test.platform.executor.start();

    console.error(`[${mode}] ${cases} live runs (${2 * toolMs} ms of tool time each, concurrency ${concurrency})…`);
    const liveStart = performance.now();
    const runIds: string[] = [];
    for (let index = 0; index < cases; index += 1) runIds.push((await test.platform.runs.create(principal, { agentId, agentVersion: 1, input: `Check order A1 (${index})` })).run.id);
    for (;;) {
      const open = await test.platform.database.prisma.run.count({ where: { id: { in: runIds }, status: { in: ['queued', 'running', 'waiting'] } } });
      if (open === 0) break;
      await sleep(50);
    }
    const liveSeconds = (performance.now() - liveStart) / 1000;
    const succeeded = await test.platform.database.prisma.run.count({ where: { id: { in: runIds }, status: 'succeeded' } });
    if (succeeded !== cases) throw new Error(`${cases - succeeded} live run(s) did not succeed`);

    // The live runs' background work (their episode memories) is done before the replay phase starts.
    await waitForEpisodes(test, runIds);
    await test.platform.datasets.create(principal, { name: 'bench' });
    // In batches: one addRuns is one transaction, and 100 runs at once can pass Prisma's 5 s
    // interactive-transaction limit on a loaded machine (seen at load average 29 on Postgres).
    for (let start = 0; start < runIds.length; start += 20) await test.platform.datasets.addRuns(principal, { name: 'bench', runIds: runIds.slice(start, start + 20) });
    console.error(`[${mode}] replaying ${cases} cases in recorded mode…`);
    const replayStart = performance.now();
    const experiment = await test.platform.experiments.create(principal, { dataset: 'bench', agentId, agentVersion: 1, scorers: [{ type: 'exact' }, { type: 'tool-sequence' }] });
    // A cheap poll (one count) until the executor has scored every case, then the read that completes the
    // experiment (its aggregates). Reading the whole experiment every 50 ms, as before, was work on the same
    // cores as the replay (embedded: the same thread) that a client polling at the SDK's 500 ms does not do.
    while ((await test.platform.database.prisma.evalResult.count({ where: { experimentId: experiment.id, status: 'running' } })) > 0) await sleep(20);
    let view = await test.platform.experiments.get(principal, { experimentId: experiment.id });
    while (view.status !== 'completed') {
      await sleep(20);
      view = await test.platform.experiments.get(principal, { experimentId: experiment.id });
    }
    const replaySeconds = (performance.now() - replayStart) / 1000;
    const passed = view.results.filter((result) => result.status === 'passed').length;
    if (passed !== cases) throw new Error(`${cases - passed} replayed case(s) failed: ${view.results.find((result) => result.status !== 'passed')?.failureReason}`);
    return { mode, liveCasesPerSecond: cases / liveSeconds, replayCasesPerSecond: cases / replaySeconds };
  } finally {
    await test.dispose();
  }
}

const rows: Row[] = [];
const modes = process.env.BENCH_REPLAY_MODES ? (process.env.BENCH_REPLAY_MODES.split(',') as DatabaseMode[]) : databaseModes;
/** Runs of the whole bench, modes interleaved; one run's ratio moves by ±30 % on an idle machine (bench/README). */
const repeats = Number(process.env.BENCH_REPLAY_REPEATS ?? 1);
const loadBefore = loadavg()[0]!.toFixed(1);
for (let repeat = 1; repeat <= repeats; repeat += 1) {
  for (const mode of modes) {
    const row = await benchMode(mode);
    console.error(`[${repeat}/${repeats}] [${mode}] live ${row.liveCasesPerSecond.toFixed(2)} cases/s, replay ${row.replayCasesPerSecond.toFixed(2)} cases/s`);
    rows.push(row);
  }
}
const loadAfter = loadavg()[0]!.toFixed(1);
const ratio = (row: Row) => row.replayCasesPerSecond / row.liveCasesPerSecond;

console.log(`Node ${process.version}, ${cpus().length} CPU(s); ${cases} cases, tool ${toolMs} ms × 2 per run, executor concurrency ${concurrency}; load average (1 min) ${loadBefore} before, ${loadAfter} after`);
console.log('| DB mode | live cases/s | replay (recorded) cases/s | replay / live |');
console.log('| ------- | ------------ | ------------------------- | ------------- |');
for (const row of rows) console.log(`| ${row.mode} | ${row.liveCasesPerSecond.toFixed(2)} | ${row.replayCasesPerSecond.toFixed(2)} | ${ratio(row).toFixed(1)}× |`);
if (repeats > 1) {
  // Each run's replay is paired with its own live phase (same platform, minutes apart); the median of those ratios.
  console.log(`\n| DB mode | replay / live, median of ${repeats} runs | lowest | highest |`);
  console.log('| ------- | --- | --- | --- |');
  for (const mode of modes) {
    const ratios = rows.filter((row) => row.mode === mode).map(ratio);
    console.log(`| ${mode} | ${median(ratios).toFixed(1)}× | ${Math.min(...ratios).toFixed(1)}× | ${Math.max(...ratios).toFixed(1)}× |`);
  }
}
process.exit(0);
