/**
 * Dispatch bench: no-op jobs through AgentLoom's claim loop, pg-boss and graphile-worker on the same
 * Postgres, 1 and 2 worker processes, each scenario on its own fresh database.
 * Run: cd /work/main && npx tsx bench/dispatch/run.ts   (sizes: see bench-settings.ts; BENCH_DISPATCH_REPEATS
 * runs the whole matrix that many times, interleaved, and reports medians)
 */
import { loadavg } from 'node:os';

import { readBenchSettings } from './bench-settings';
import { measureLatency, measureThroughput } from './measure-scenario';
import { groupRepeats, medianRow, pairedRatios } from './repeated-rows';
import { formatScaling, formatTable, type ScenarioRow } from './report-table';
import { serverUrl } from './scenario-database';
import { isSystemKey, systems, type SystemKey } from './systems';

const settings = readBenchSettings(process.env);
const selected = (process.env.BENCH_DISPATCH_SYSTEMS ?? 'agentloom,pg-boss,graphile-worker').split(',');
const systemKeys = selected.filter(isSystemKey) satisfies SystemKey[];

const rows: ScenarioRow[] = [];
// Repeats interleave the systems (A, B, C, A, B, C, …) so a slow minute of the machine hits each alike.
for (let repeat = 1; repeat <= settings.repeats; repeat += 1) {
  for (const workers of settings.workerCounts) {
    for (const key of systemKeys) {
      const throughput = await measureThroughput(key, workers, settings);
      const latency = await measureLatency(key, workers, settings);
      const row = { system: systems[key].name, workers, throughput, latency };
      console.error(
        `[${repeat}/${settings.repeats}] ${row.system} × ${workers}: ${throughput.drainPerSecond.toFixed(0)} runs/s, p50 ${latency.p50Ms.toFixed(1)} ms, p99 ${latency.p99Ms.toFixed(1)} ms`,
      );
      rows.push(row);
    }
  }
}

const groups = groupRepeats(rows);
const medians = groups.map(medianRow);
console.log(
  `\nNode ${process.version}; ${settings.throughputJobs} jobs for throughput, ${settings.latencyJobs} at ${settings.latencyRatePerSecond}/s for latency; ` +
    `${settings.concurrencyPerWorker} jobs at once per worker process; Postgres ${new URL(serverUrl).host}; ` +
    `${settings.repeats === 1 ? 'one run' : `median of ${settings.repeats} interleaved runs`}; load average ${loadavg().map((value) => value.toFixed(1)).join(' ')}\n`,
);
console.log(formatTable(medians, systems['pg-boss'].name));
console.log();
console.log(formatScaling(medians));
const peer = groups.filter((group) => group.system === systems['graphile-worker'].name);
const ours = groups.filter((group) => group.system === systems.agentloom.name);
if (peer.length > 0 && ours.length > 0) {
  console.log('\n| workers | AgentLoom / graphile-worker throughput (median of per-run ratios) | lowest | highest |');
  console.log('| --- | --- | --- | --- |');
  for (const group of ours) {
    const against = peer.find((candidate) => candidate.workers === group.workers);
    if (!against) continue;
    const ratio = pairedRatios(group, against);
    console.log(`| ${group.workers} | ${ratio.median.toFixed(2)}× | ${ratio.low.toFixed(2)}× | ${ratio.high.toFixed(2)}× |`);
  }
}
