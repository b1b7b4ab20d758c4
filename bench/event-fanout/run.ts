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
import { readSettings, type FanoutSettings } from './bench-settings';
import { measureFanout, type FanoutResult } from './measure-fanout';
import { measureReplay } from './measure-replay';
import { prepareDatabase } from './prepare-database';
import { formatTables, type ModeResults } from './report-table';

async function benchMode(mode: 'embedded' | 'server', settings: FanoutSettings): Promise<ModeResults> {
  const dataDirectory = mkdtempSync(path.join(tmpdir(), `agentloom-fanout-${mode}-`));
  const serverDatabase = mode === 'server' ? await createScenarioDatabase('fanout') : undefined;
  try {
    console.log(`[${mode}] preparing the database (${settings.replayEvents} replay events)…`);
    const prepared = await prepareDatabase(serverDatabase ? { url: serverDatabase.url } : { dataDirectory }, settings.replayEvents);
    const profile = settings.cpuProfileDirectory
      ? { environment: { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${path.resolve(settings.cpuProfileDirectory, mode)}` } }
      : {};
    const server = await startConsole({ dataDirectory, ...(serverDatabase ? { databaseUrl: serverDatabase.url } : {}), ...profile });
    try {
      const fanout: FanoutResult[] = [];
      for (const subscribers of settings.subscriberCounts) {
        console.log(`[${mode}] ${subscribers} subscriber(s), ${settings.rounds} rounds…`);
        fanout.push(
          await measureFanout(server.baseUrl, prepared.adminKey, prepared.operatorAgentId, subscribers, settings.rounds, {
            client: settings.client,
            ...(serverDatabase ? { databaseUrl: serverDatabase.url } : {}),
          }),
        );
      }
      if (settings.cpuProfileDirectory) console.log(`[${mode}] fan-out windows (µs, monotonic): ${JSON.stringify(fanout.map((row) => row.windows))}`);
      console.log(`[${mode}] replaying ${settings.replayEvents} events…`);
      const replay = await measureReplay(server.baseUrl, prepared.adminKey, prepared.replayRunId, settings.replayRepeats);
      return { mode, fanout, replay };
    } finally {
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
console.log(`\nNode ${process.version}, ${results.length} mode(s), ${settings.client} client\n\n${formatTables(results)}`);
