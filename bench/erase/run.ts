/**
 * bench/erase: erasures in a database that holds much else, through the erase service (the API's erase and
 * the retention sweeper), each with the indexes of ADR 0096/0097 and with the ones it goes through dropped,
 * side by side in one run:
 *   run    — one long run beside many other runs' steps: deleting each of its steps looks for children
 *            (`steps.parent_step_id`, `memory_injections.step_id`);
 *   tenant — a tenant with many agent versions beside many runs of other tenants: deleting each version
 *            looks for runs that still use it (`runs.agent_version_id`).
 * Without the index, each look scans the whole child table, so the erase grows with the product of what it
 * deletes and what everyone else has.
 *   npx tsx bench/erase/run.ts
 *   BENCH_ERASE_OTHER_STEPS (200000), BENCH_ERASE_RUN_STEPS (1000), BENCH_ERASE_OTHER_RUNS (300000),
 *   BENCH_ERASE_AGENTS (10), BENCH_ERASE_VERSIONS (50 per agent), BENCH_ERASE_MODES (server; embedded too with server,embedded),
 *   BENCH_ERASE_SCENARIOS (run,tenant)
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
const otherRuns = Number(process.env.BENCH_ERASE_OTHER_RUNS ?? 300_000);
const agents = Number(process.env.BENCH_ERASE_AGENTS ?? 10);
const versionsPerAgent = Number(process.env.BENCH_ERASE_VERSIONS ?? 50);
// Embedded is opt-in: a run of both scenarios in both modes was stopped after about 20 minutes, unfinished.
const modes = (process.env.BENCH_ERASE_MODES ?? 'server').split(',');
const stepsPerOtherRun = 1_000;
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
type Scenario = 'run' | 'tenant';
/** The indexes each erasure goes through (ADR 0096 for steps, ADR 0097 for agent versions). */
const cascadeIndexes: Record<Scenario, string[]> = {
  run: ['steps_parent_step_id_idx', 'memory_injections_step_id_idx'],
  tenant: ['runs_agent_version_id_idx', 'batches_agent_version_id_idx', 'run_feedback_agent_version_id_idx'],
};

type Variant = 'with the indexes' | 'those indexes dropped';
interface Measured {
  scenario: Scenario;
  erased: string;
  mode: string;
  variant: Variant;
  eraseMs: number | undefined;
  failure: string | undefined;
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

async function measure(scenario: Scenario, mode: string, database: DatabaseConfig, variant: Variant): Promise<Measured> {
  const platform = await createPlatform({ database, logger: silent, secrets: { key: Buffer.alloc(32, 7) } });
  try {
    const { prisma } = platform.database;
    if (variant === 'those indexes dropped') for (const index of cascadeIndexes[scenario]) await prisma.$executeRawUnsafe(`DROP INDEX ${index}`);
    const tenant = await prisma.tenant.findFirstOrThrow();
    const config = { demoScript: { replies: [{ text: 'Done.' }] } };
    const agent = await prisma.agent.create({ data: { tenantId: tenant.id, slug: 'erase', name: 'Erase', versions: { create: { tenantId: tenant.id, version: 1, configHash: 'bench', config } } } });
    const principal = (await platform.auth.authenticate(platform.seed.adminKey!))!;
    const { run: template } = await platform.runs.create(principal, { agentId: agent.id, input: 'A long run.' });
    await prisma.run.update({ where: { id: template.id }, data: { status: 'succeeded' } });
    let erase: () => Promise<{ counts: Record<string, number> }>;
    let erased: (counts: Record<string, number>) => string;
    if (scenario === 'run') {
      for (let inserted = 0; inserted < otherSteps; inserted += stepsPerOtherRun) {
        await insertRunWithSteps(platform, template.id, crypto.randomUUID(), Math.min(stepsPerOtherRun, otherSteps - inserted), 0);
      }
      const target = crypto.randomUUID();
      await insertRunWithSteps(platform, template.id, target, runSteps, Math.min(10, runSteps - 1));
      erase = () => platform.erase.eraseRunAs({ tenantId: tenant.id, system: 'bench' }, target);
      erased = (counts) => `run: ${counts['steps'] ?? 0} steps (beside ${otherSteps})`;
    } else {
      await prisma.$executeRawUnsafe(
        `INSERT INTO runs SELECT (jsonb_populate_record(NULL::runs, to_jsonb(template) || jsonb_build_object('id', gen_random_uuid(), 'idempotency_key', NULL))).*
           FROM runs AS template, generate_series(1, $2::int) WHERE template.id = $1::uuid`,
        template.id,
        otherRuns,
      );
      const victim = await prisma.tenant.create({ data: { slug: 'erased', name: 'Erased' } });
      for (let index = 0; index < agents; index++) {
        const versions = Array.from({ length: versionsPerAgent }, (_, version) => ({ tenantId: victim.id, version: version + 1, configHash: `v${version}`, config }));
        await prisma.agent.create({ data: { tenantId: victim.id, slug: `agent-${index}`, name: `Agent ${index}`, versions: { create: versions } } });
      }
      erase = () => platform.erase.eraseTenantAsOperator(victim.id, 'bench');
      erased = (counts) => `tenant: ${counts['agent_versions'] ?? 0} versions (beside ${otherRuns} runs)`;
    }
    await prisma.$executeRawUnsafe('ANALYZE');
    const started = performance.now();
    try {
      const receipt = await erase();
      return { scenario, erased: erased(receipt.counts), mode, variant, eraseMs: performance.now() - started, failure: undefined };
    } catch (error) {
      const lines = (error instanceof Error ? error.message : String(error)).split('\n').map((line) => line.trim()).filter((line) => line.length > 0);
      // Prisma's message starts with the call site; the reason (an expired transaction, say) is further down.
      const message = lines.find((line) => /timeout|expired|closed/i.test(line)) ?? lines[0] ?? 'failed';
      return { scenario, erased: erased({}), mode, variant, eraseMs: undefined, failure: `${message.slice(0, 120)} (after ${Math.round(performance.now() - started)} ms)` };
    }
  } finally {
    await platform.close();
  }
}

const scenarios = (process.env.BENCH_ERASE_SCENARIOS ?? 'run,tenant').split(',') as Scenario[];
console.log(`load average before ${loadavg().map((value) => value.toFixed(1)).join(' ')}\n`);
const rows: Measured[] = [];
for (const scenario of scenarios) {
  for (const mode of modes) {
    for (const variant of ['with the indexes', 'those indexes dropped'] as const) {
      const row =
        mode === 'server'
          ? await withThrowawayServerDatabase(serverUrl, 'bench_erase', (url) => measure(scenario, mode, { url, migrationsDirectory }, variant))
          : await measure(scenario, mode, { dataDirectory: 'memory://', migrationsDirectory }, variant);
      console.log(`[${row.erased}, ${row.mode}, ${row.variant}] ${row.eraseMs?.toFixed(0) ?? row.failure} ms`);
      rows.push(row);
    }
  }
}
console.log('| erased | database | indexes | erase ms | failure |');
console.log('| --- | --- | --- | --- | --- |');
for (const row of rows) console.log(`| ${row.erased} | ${row.mode} | ${row.variant} | ${row.eraseMs?.toFixed(0) ?? '—'} | ${row.failure ?? ''} |`);
console.log(`\nload average after ${loadavg().map((value) => value.toFixed(1)).join(' ')}`);
