/**
 * `npx tsx e2e/support/seed-long-runs.ts --data-dir DIR --steps 150,1000,10000`: opens (creating,
 * migrating and seeding, like the console's first start) the embedded database in DIR, writes one
 * finished run per step count, and records their ids in DIR/long-runs.json ({ "10000": "<run id>" }).
 * Runs before the console starts (PGlite has one owner at a time): see playwright.config.ts and
 * bench/console.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

import { createPlatform } from '@agentloom/platform';
import { seedLongRun, silentLogger } from '@agentloom/platform/testing';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const { values } = parseArgs({ options: { 'data-dir': { type: 'string' }, steps: { type: 'string', default: '10000' } } });
const dataDirectory = values['data-dir'];
if (!dataDirectory) throw new Error('--data-dir is required');
const stepCounts = values.steps.split(',').map(Number);
if (stepCounts.some((count) => !Number.isInteger(count) || count <= 0)) throw new Error(`--steps must list positive integers, got ${values.steps}`);

const platform = await createPlatform({
  database: { dataDirectory, migrationsDirectory: path.join(repositoryRoot, 'prisma/migrations') },
  adminKeyPath: path.join(dataDirectory, 'admin-key'),
  // This first opener creates the operator key too; saved where the console would save it, for the tenants journey.
  operatorKeyPath: path.join(dataDirectory, 'operator-key'),
  logger: silentLogger,
});
try {
  const runIds: Record<string, string> = {};
  for (const steps of stepCounts) {
    const started = performance.now();
    runIds[String(steps)] = (await seedLongRun(platform.database, { agentSlug: 'demo-researcher', steps })).runId;
    console.log(`[seed-long-runs] ${steps} steps in ${((performance.now() - started) / 1000).toFixed(1)} s → run ${runIds[String(steps)]}`);
  }
  writeFileSync(path.join(dataDirectory, 'long-runs.json'), JSON.stringify(runIds, null, 2));
} finally {
  await platform.close();
}
