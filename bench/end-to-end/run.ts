/**
 * End to end: a 3-step scripted agent with one tool call through the whole stack — create over
 * HTTP → claim → steps → finish → an SSE client sees `run-finished` — against a production console
 * this bench starts, with 1 and 2 worker processes on a Postgres server, and embedded (PGlite, the
 * console's own executor). Fails on any non-2xx answer or any run that does not succeed.
 * `cd /work/main && npx tsx bench/end-to-end/run.ts` — sizes in bench-settings.ts.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';

import { ensureConsoleBuild } from '../../apps/console/test/support/console-build';
import { startConsole } from '../../apps/console/test/support/console-process';
import { createScenarioDatabase } from '../dispatch/scenario-database';
import { readSettings, type EndToEndSettings } from './bench-settings';
import { measureLatency, measureThroughput, lastHopsMs, slowRunHops, warmUp, type BenchTarget } from './measure-runs';
import { prepareDatabase } from './prepare-database';
import { formatLastHopTable, formatTable, type EndToEndRow } from './report-table';
import { startWorkers } from './worker-processes';

/**
 * The per-key request budget is lifted: this bench measures the runtime, and its one key opens a
 * stream per run (long-lived streams spending the request budget is issue 12 item 5, not this).
 */
const unlimitedRequests = { AGENTLOOM_RATE_LIMIT_PER_MINUTE: '1000000', AGENTLOOM_RATE_LIMIT_BURST: '1000000' };

async function benchScenario(mode: 'embedded' | 'server', workers: number, settings: EndToEndSettings): Promise<EndToEndRow> {
  const dataDirectory = mkdtempSync(path.join(tmpdir(), `agentloom-e2e-${mode}-`));
  const serverDatabase = mode === 'server' ? await createScenarioDatabase(`e2e_${workers}`) : undefined;
  try {
    const prepared = await prepareDatabase(serverDatabase ? { url: serverDatabase.url } : { dataDirectory });
    const executorEnvironment: Record<string, string> =
      mode === 'server'
        ? { AGENTLOOM_EXECUTOR: 'false' }
        : { AGENTLOOM_EXECUTOR: 'true', AGENTLOOM_EXECUTOR_CONCURRENCY: String(settings.concurrencyPerExecutor) };
    const server = await startConsole({
      dataDirectory,
      ...(serverDatabase ? { databaseUrl: serverDatabase.url } : {}),
      environment: { ...unlimitedRequests, ...executorEnvironment, ...consoleProfile(`${mode}-${workers}`) },
    });
    const fleet = serverDatabase ? await startWorkers(serverDatabase.url, workers, settings.concurrencyPerExecutor) : undefined;
    try {
      const target: BenchTarget = { baseUrl: server.baseUrl, adminKey: prepared.adminKey, agentId: prepared.agentId };
      const clients = settings.createConcurrency;
      const label = `[${mode} × ${mode === 'server' ? `${workers} worker(s)` : 'console executor'}]`;
      console.error(`${label} warming up…`);
      await warmUp(target, settings.warmupRuns);
      console.error(`${label} ${settings.throughputRuns} runs, ${clients} clients…`);
      const throughput = await measureThroughput(target, settings.throughputRuns, clients);
      console.error(`${label} ${settings.latencyRuns} runs at ${settings.latencyRatePerSecond}/s…`);
      const latency = await measureLatency(target, settings.latencyRuns, settings.latencyRatePerSecond);
      console.error(`${label} ${throughput.runsPerSecond.toFixed(1)} runs/s; paced p50 ${latency.p50Ms.toFixed(0)} ms, p99 ${latency.p99Ms.toFixed(0)} ms`);
      for (const [name, result] of [['closed loop', throughput], ['paced', latency]] as const) {
        for (const run of result.slowest) console.error(`${label} slowest (${name}): ${await slowRunHops(target, run)}`);
      }
      const lastHops = { closedLoop: await lastHopsMs(target, throughput.completed), paced: await lastHopsMs(target, latency.completed) };
      return {
        mode,
        executors: mode === 'server' ? `${workers} worker${workers === 1 ? '' : 's'}` : 'console',
        throughput,
        latency,
        latencyRate: settings.latencyRatePerSecond,
        clients,
        lastHops,
      };
    } finally {
      await fleet?.stop();
      await server.stop();
    }
  } finally {
    await serverDatabase?.drop();
    rmSync(dataDirectory, { recursive: true, force: true });
  }
}

/** BENCH_E2E_CPU_PROFILE=<dir>: the console runs with --cpu-prof, one directory per scenario. */
function consoleProfile(scenario: string): Record<string, string> {
  const directory = process.env.BENCH_E2E_CPU_PROFILE;
  return directory ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${path.resolve(directory, scenario)}` } : {};
}

const settings = readSettings();
ensureConsoleBuild();
const loadBefore = readFileSync('/proc/loadavg', 'utf8').trim();
const rows: EndToEndRow[] = [];
for (const mode of settings.modes) {
  // Embedded PGlite lives inside the console process: no second executor process can share it.
  for (const workers of mode === 'server' ? settings.workerCounts : [1]) rows.push(await benchScenario(mode, workers, settings));
}
console.log(
  `\nNode ${process.version}; ${settings.throughputRuns} runs closed loop, ${settings.latencyRuns} at ${settings.latencyRatePerSecond}/s; ` +
    `${settings.concurrencyPerExecutor} runs at once per executor; load average before ${loadBefore}, after ${loadavg().map((value) => value.toFixed(2)).join(' ')}\n`,
);
console.log(formatTable(rows));
console.log('\n`run-finished` committed → the client saw it, every run (createdAt is stamped just before the commit, ms resolution)\n');
console.log(formatLastHopTable(rows));
