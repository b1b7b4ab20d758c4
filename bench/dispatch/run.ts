/**
 * Dispatch bench: no-op jobs through AgentLoom's claim loop, pg-boss and graphile-worker on the same
 * Postgres, 1 and 2 worker processes, each scenario on its own fresh database.
 * Run: cd /work/main && npx tsx bench/dispatch/run.ts   (sizes: see bench-settings.ts)
 */
import { readBenchSettings } from './bench-settings';
import { measureLatency, measureThroughput } from './measure-scenario';
import { formatScaling, formatTable, type ScenarioRow } from './report-table';
import { serverUrl } from './scenario-database';
import { isSystemKey, systems, type SystemKey } from './systems';

const settings = readBenchSettings(process.env);
const selected = (process.env.BENCH_DISPATCH_SYSTEMS ?? 'agentloom,pg-boss,graphile-worker').split(',');
const systemKeys = selected.filter(isSystemKey) satisfies SystemKey[];

const rows: ScenarioRow[] = [];
for (const workers of settings.workerCounts) {
  for (const key of systemKeys) {
    const throughput = await measureThroughput(key, workers, settings);
    const latency = await measureLatency(key, workers, settings);
    const row = { system: systems[key].name, workers, throughput, latency };
    console.error(
      `${row.system} × ${workers}: ${throughput.drainPerSecond.toFixed(0)} runs/s, p50 ${latency.p50Ms.toFixed(1)} ms, p99 ${latency.p99Ms.toFixed(1)} ms`,
    );
    rows.push(row);
  }
}

rows.sort((left, right) => left.system.localeCompare(right.system) || left.workers - right.workers);
console.log(
  `\nNode ${process.version}; ${settings.throughputJobs} jobs for throughput, ${settings.latencyJobs} at ${settings.latencyRatePerSecond}/s for latency; ` +
    `${settings.concurrencyPerWorker} jobs at once per worker process; Postgres ${new URL(serverUrl).host}\n`,
);
console.log(formatTable(rows, systems['pg-boss'].name));
console.log();
console.log(formatScaling(rows));
