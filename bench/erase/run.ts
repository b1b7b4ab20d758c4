/**
 * bench/erase: erasing one long run in a database that holds many other runs' steps, through the erase
 * service (the path of `DELETE /api/v1/runs/:id/erase` and of the retention sweeper), with the indexes of
 * ADR 0096 and with its cascade indexes dropped, side by side in one run.
 *
 * Without an index on a cascading key, deleting each of the run's steps scans the whole child table for
 * its children (`steps.parent_step_id`, `memory_injections.step_id`), so the erase grows with the product
 * of the run's steps and everyone else's.
 *   npx tsx bench/erase/run.ts
 *   BENCH_ERASE_OTHER_STEPS (200000), BENCH_ERASE_RUN_STEPS (1000), BENCH_ERASE_MODES (server,embedded)
 */
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';

import { createPlatform, type Platform } from '@agentloom/platform';
import type { DatabaseConfig } from '@agentloom/db';

import { withThrowawayServerDatabase } from '../durable-step/throwaway-server-database';

const migrationsDirectory = fileURLToPath(new URL('../../prisma/migrations', import.meta.url));
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const otherSteps = Number(process.env.BENCH_ERASE_OTHER_STEPS ?? 200_000);
const runSteps = Number(process.env.BENCH_ERASE_RUN_STEPS ?? 1_000);
const modes = (process.env.BENCH_ERASE_MODES ?? 'server,embedded').split(',');
const stepsPerOtherRun = 1_000;
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
/** The indexes ADR 0096 added for cascades from `steps`. */
const cascadeIndexes = ['steps_parent_step_id_idx', 'memory_injections_step_id_idx'];

type Variant = 'ADR 0096 indexes' | 'cascade indexes dropped';
interface Measured {
  mode: string;
  variant: Variant;
  eraseMs: number | undefined;
  failure: string | undefined;
  stepsErased: number;
}

/** A succeeded run copied from `templateRunId` under a new id, with `steps` steps (the first `children` of them a sub-agent's). */
async function insertRunWithSteps(platform: Platform, templateRunId: string, runId: string, steps: number, children: number): Promise<void> {
  const { prisma } = platform.database;
  await prisma.$executeRawUnsafe(
    `INSERT INTO runs SELECT (jsonb_populate_record(NULL::runs, to_jsonb(template) || jsonb_build_object('id', $2::uuid, 'status', 'succeeded', 'lease_owner', NULL, 'idempotency_key', NULL))).*
       FROM runs AS template WHERE template.id = $1::uuid`,
    templateRunId,
    runId,
  );
  await prisma.$executeRawUnsafe(
    `INSERT INTO steps (id, tenant_id, run_id, index, kind, status, started_at)
     SELECT gen_random_uuid(), run.tenant_id, run.id, position, 'tool_call', 'committed', now()
       FROM runs AS run, generate_series(1, $2::int) AS position WHERE run.id = $1::uuid`,
    runId,
    steps,
  );
  if (children > 0) {
    // A delegated sub-agent's steps point at the run's first step.
    await prisma.$executeRawUnsafe(
      `UPDATE steps SET parent_step_id = (SELECT id FROM steps WHERE run_id = $1::uuid AND index = 1)
        WHERE run_id = $1::uuid AND index BETWEEN 2 AND $2::int + 1`,
      runId,
      children,
    );
  }
}

async function measure(mode: string, database: DatabaseConfig, variant: Variant): Promise<Measured> {
  const platform = await createPlatform({ database, logger: silent, secrets: { key: Buffer.alloc(32, 7) } });
  try {
    const { prisma } = platform.database;
    if (variant === 'cascade indexes dropped') for (const index of cascadeIndexes) await prisma.$executeRawUnsafe(`DROP INDEX ${index}`);
    const tenant = await prisma.tenant.findFirstOrThrow();
    const config = { demoScript: { replies: [{ text: 'Done.' }] } };
    const agent = await prisma.agent.create({ data: { tenantId: tenant.id, slug: 'erase', name: 'Erase', versions: { create: { tenantId: tenant.id, version: 1, configHash: 'bench', config } } } });
    const principal = (await platform.auth.authenticate(platform.seed.adminKey!))!;
    const { run: template } = await platform.runs.create(principal, { agentId: agent.id, input: 'A long run.' });
    await prisma.run.update({ where: { id: template.id }, data: { status: 'succeeded' } });
    for (let inserted = 0; inserted < otherSteps; inserted += stepsPerOtherRun) {
      await insertRunWithSteps(platform, template.id, crypto.randomUUID(), Math.min(stepsPerOtherRun, otherSteps - inserted), 0);
    }
    const target = crypto.randomUUID();
    await insertRunWithSteps(platform, template.id, target, runSteps, Math.min(10, runSteps - 1));
    await prisma.$executeRawUnsafe('ANALYZE');
    const started = performance.now();
    try {
      const receipt = await platform.erase.eraseRunAs({ tenantId: tenant.id, system: 'bench' }, target);
      return { mode, variant, eraseMs: performance.now() - started, failure: undefined, stepsErased: receipt.counts['steps'] ?? 0 };
    } catch (error) {
      const lines = (error instanceof Error ? error.message : String(error)).split('\n').map((line) => line.trim()).filter((line) => line.length > 0);
      // Prisma's message starts with the call site; the reason (an expired transaction, say) is further down.
      const message = lines.find((line) => /timeout|expired|closed/i.test(line)) ?? lines[0] ?? 'failed';
      return { mode, variant, eraseMs: undefined, failure: `${message.slice(0, 120)} (after ${Math.round(performance.now() - started)} ms)`, stepsErased: 0 };
    }
  } finally {
    await platform.close();
  }
}

console.log(`load average before ${loadavg().map((value) => value.toFixed(1)).join(' ')}; erasing a run of ${runSteps} steps beside ${otherSteps} other steps\n`);
const rows: Measured[] = [];
for (const mode of modes) {
  for (const variant of ['ADR 0096 indexes', 'cascade indexes dropped'] as const) {
    rows.push(
      mode === 'server'
        ? await withThrowawayServerDatabase(serverUrl, 'bench_erase', (url) => measure(mode, { url, migrationsDirectory }, variant))
        : await measure(mode, { dataDirectory: 'memory://', migrationsDirectory }, variant),
    );
  }
}
console.log('| database | indexes | run steps erased | erase ms | failure |');
console.log('| --- | --- | --- | --- | --- |');
for (const row of rows) console.log(`| ${row.mode} | ${row.variant} | ${row.stepsErased} | ${row.eraseMs?.toFixed(0) ?? '—'} | ${row.failure ?? ''} |`);
console.log(`\nload average after ${loadavg().map((value) => value.toFixed(1)).join(' ')}`);
