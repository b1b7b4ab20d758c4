/**
 * Event fan-out through the public API: commit→client latency with 1/100/500 SSE subscribers on
 * one run, and the time to replay a 10k-event run, against a production console this bench starts
 * (embedded PGlite, and a Postgres server database when one is reachable).
 * `cd /work/main && npx tsx bench/event-fanout/run.ts` — sizes in bench-settings.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { ensureConsoleBuild } from '../../apps/console/test/support/console-build';
import { startConsole } from '../../apps/console/test/support/console-process';
import { createScenarioDatabase } from '../dispatch/scenario-database';
import { startWorkers } from '../end-to-end/worker-processes';
import { readSettings, type FanoutMode, type FanoutSettings } from './bench-settings';
import { measureFanout, type FanoutResult } from './measure-fanout';
import { measureReplay } from './measure-replay';
import { prepareDatabase } from './prepare-database';
import { formatTables, type ModeResults } from './report-table';

async function benchMode(mode: FanoutMode, settings: FanoutSettings): Promise<ModeResults> {
  const dataDirectory = mkdtempSync(path.join(tmpdir(), `agentloom-fanout-${mode}-`));
  const serverDatabase = mode === 'embedded' ? undefined : await createScenarioDatabase('fanout');
  const separateWorker = mode === 'server-worker';
  try {
    console.log(`[${mode}] preparing the database (${settings.replayEvents} replay events)…`);
    const prepared = await prepareDatabase(serverDatabase ? { url: serverDatabase.url } : { dataDirectory }, settings.replayEvents);
    const profile: Record<string, string> = settings.cpuProfileDirectory ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${path.resolve(settings.cpuProfileDirectory, mode)}` } : {};
    const server = await startConsole({
      dataDirectory,
      ...(serverDatabase ? { databaseUrl: serverDatabase.url } : {}),
      environment: { ...profile, ...(separateWorker ? { AGENTLOOM_EXECUTOR: 'false' } : {}) },
    });
    // The worker's concurrency is the console executor's default (4): the same run, executed elsewhere.
    const worker =
      separateWorker && serverDatabase
        ? await startWorkers(serverDatabase.url, 1, 4).catch(async (error: unknown) => {
            await server.stop();
            throw error;
          })
        : undefined;
    try {
      const fanout: FanoutResult[] = [];
      for (const subscribers of settings.subscriberCounts) {
        console.log(`[${mode}] ${subscribers} subscriber(s), ${settings.warmupRounds} warm-up and ${settings.rounds} measured rounds…`);
        fanout.push(
          await measureFanout(server.baseUrl, prepared.adminKey, prepared.operatorAgentId, subscribers, settings.rounds, {
            client: settings.client,
            warmupRounds: settings.warmupRounds,
            subscriberProcesses: settings.subscriberProcesses,
            ...(serverDatabase ? { databaseUrl: serverDatabase.url } : {}),
          }),
        );
      }
      if (settings.cpuProfileDirectory) console.log(`[${mode}] fan-out windows (µs, monotonic): ${JSON.stringify(fanout.map((row) => row.windows))}`);
      console.log(`[${mode}] replaying ${settings.replayEvents} events…`);
      const replay = await measureReplay(server.baseUrl, prepared.adminKey, prepared.replayRunId, settings.replayRepeats);
      return { mode, fanout, replay };
    } finally {
      await worker?.stop();
      await server.stop();
    }
  } finally {
    await serverDatabase?.drop();
    rmSync(dataDirectory, { recursive: true, force: true });
  }
}

const settings = readSettings();
ensureConsoleBuild();
const results: ModeResults[] = [];
for (const mode of settings.modes) {
  try {
    results.push(await benchMode(mode, settings));
  } catch (error) {
    // A machine without a Postgres server still gets the embedded numbers.
    console.error(`[${mode}] skipped: ${(error as Error).message}`);
  }
}
console.log(`\nNode ${process.version}, ${results.length} mode(s), ${settings.client} client in ${settings.subscriberProcesses} subscriber process(es)\n\n${formatTables(results, process.env.BENCH_FANOUT_BY_TYPE === '1')}`);
