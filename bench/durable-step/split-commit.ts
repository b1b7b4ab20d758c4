/**
 * bench/durable-step/split-commit: where the durable time of one tool step goes, and the step path before
 * and after ADR 0072 side by side in one run, alternating step by step (so machine load hits both alike):
 *   before — every statement through the Prisma client's `$queryRawUnsafe`, the cancel read before every
 *            model call, `agentloom_commit_step` as migration 20261201121000 wrote it (re-created here
 *            under another name from that migration's text);
 *   after  — the driver (`Database.statements`, prepared where it can), the cancel read before every
 *            model call (still: DESIGN §7 cancel wins), the commit of migration 20261205130000.
 * Each step's commit document is built and timed on its own (Node CPU). On the server,
 * `track_functions = 'all'` gives each function's own time inside Postgres; BENCH_SPLIT_EXPLAIN=1 prints
 * an auto_explain of one commit (nested statements, timed).
 *   npx tsx bench/durable-step/split-commit.ts      (BENCH_SPLIT_STEPS, default 300; server + embedded)
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';

import pg from 'pg';

import type { Engine, LifecycleHooks } from '@agentloom/runtime';
import { createPlatform } from '@agentloom/platform';
import { preparedStatement, queryRows, rawSqlFor, type DatabaseConfig, type RawSql } from '@agentloom/db';

import { agentVersionConfigSchema, buildRunEngine, claimRuns, createCancelFenceHooks, createToolLedgerHooks, ModelConnector, SecretBox, ToolCatalog } from './agentloom-internals';
import { stepCommittedPayload, stepEventsOf, stepRowsDocument, usageCountsOf } from './split-commit-internals';

const migrationsDirectory = fileURLToPath(new URL('../../prisma/migrations', import.meta.url));
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const turns = Number(process.env.BENCH_SPLIT_STEPS ?? 300);
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
type Variant = 'before' | 'after';

/** The step commit as migration 20261201121000 created it, renamed, so both can run in one database. */
function commitBeforeFunction(): string {
  const text = readFileSync(`${migrationsDirectory}/20261201121000_step_commit_functions/migration.sql`, 'utf8');
  const start = text.indexOf('CREATE OR REPLACE FUNCTION agentloom_commit_step(p jsonb)');
  const end = text.indexOf('$$ LANGUAGE plpgsql;', start) + '$$ LANGUAGE plpgsql;'.length;
  return text.slice(start, end).replace('agentloom_commit_step(p jsonb)', 'agentloom_commit_step_before(p jsonb)');
}

interface Split {
  buildMs: number[];
  commitMs: Record<Variant, number[]>;
  /** Per variant, per hook: the time of each call (a skipped check counts as a call of ~0 ms). */
  hookMs: Record<Variant, Record<string, number[]>>;
  /** Per variant: the durable ms of each step (hooks + commit). */
  durableMs: Record<Variant, number[]>;
}

/** A runner that sends each statement through the Prisma client or the driver, as the current step's variant says. */
function switchingRunner(viaPrisma: RawSql, viaDriver: RawSql, variant: () => Variant): RawSql {
  return {
    query: (text, ...values) => (variant() === 'after' ? viaDriver : viaPrisma).query(text, ...values),
    execute: (text, ...values) => (variant() === 'after' ? viaDriver : viaPrisma).execute(text, ...values),
    prepared: (statement, values) => (variant() === 'after' && viaDriver.prepared ? viaDriver.prepared(statement, values) : viaPrisma.query(statement.text, ...values)),
  };
}

async function probe(database: DatabaseConfig, explain?: (text: string) => Promise<void>): Promise<Split> {
  const platform = await createPlatform({ database, logger: silent, secrets: { key: Buffer.alloc(32, 7) } });
  try {
    const { prisma, statements } = platform.database;
    await prisma.$executeRawUnsafe(commitBeforeFunction());
    const tenant = await prisma.tenant.findFirstOrThrow();
    const replies = Array.from({ length: turns }, (_, turn) => ({ text: `Source ${turn}.`, toolCalls: [{ name: 'record_citation', arguments: { source: `https://example.org/source/${turn}` } }] }));
    const config = { builtinTools: ['record_citation'], completion: { verify: false, requireToolEvidence: false }, limits: { maxModelCalls: turns + 10, maxIterations: turns + 10 }, demoScript: { replies: [...replies, { text: 'Done.' }] } };
    const agent = await prisma.agent.create({ data: { tenantId: tenant.id, slug: 'split', name: 'Split', versions: { create: { tenantId: tenant.id, version: 1, configHash: 'bench', config } } } });
    const principal = (await platform.auth.authenticate(platform.seed.adminKey!))!;
    await platform.runs.create(principal, { agentId: agent.id, input: 'Cite many sources.' });
    const [claimed] = await claimRuns(prisma, 'bench', 1, 3_600_000);
    if (!claimed) throw new Error('nothing to claim');
    const version = await prisma.agentVersion.findFirstOrThrow({ where: { agentId: agent.id } });
    const holder: { engine?: Engine } = {};
    const split: Split = { buildMs: [], commitMs: { before: [], after: [] }, hookMs: { before: {}, after: {} }, durableMs: { before: [], after: [] } };
    // Step 1 runs `before`; each step's variant is decided before it starts (its hooks run during it).
    let variant: Variant = 'before';
    const runner = switchingRunner(rawSqlFor(prisma), statements, () => variant);
    const fence = createCancelFenceHooks(runner, claimed, 'bench');
    const hooks = [timedByName(fence, () => split.hookMs[variant]), timedByName(createToolLedgerHooks(runner, claimed, 'bench', () => holder.engine!.services.registry), () => split.hookMs[variant])];
    const engine = buildRunEngine({ runId: claimed.id, agentId: agent.id, versionId: version.id, config: agentVersionConfigSchema.parse(version.config), tools: new ToolCatalog(), hooks, models: new ModelConnector(fetch, new SecretBox(Buffer.alloc(32, 7))) });
    holder.engine = engine;
    const run = engine.start({ task: 'Cite many sources.', instanceId: claimed.id });
    for (;;) {
      const hooksBefore = sumAll(split.hookMs[variant]);
      const result = await run.step();
      if (result.next.type !== 'run-again') break;
      const hookMs = sumAll(split.hookMs[variant]) - hooksBefore;
      const built = performance.now();
      const rows = stepRowsDocument(claimed, result, new Date());
      const text = JSON.stringify({ ...rows, owner: 'bench', attempt: claimed.attempt, usage: usageCountsOf(result), events: stepEventsOf(result), stepCommitted: stepCommittedPayload(rows, result, false) });
      const sent = performance.now();
      split.buildMs.push(sent - built);
      if (explain && result.step >= turns - 2) {
        await explain(text);
        continue;
      }
      const answer =
        variant === 'after'
          ? await queryRows<{ result: unknown }>(statements, preparedStatement('SELECT agentloom_commit_step($1::jsonb) AS result'), [text])
          : await prisma.$queryRawUnsafe<{ result: unknown }[]>('SELECT agentloom_commit_step_before($1::jsonb) AS result', text);
      const commitMs = performance.now() - sent;
      split.commitMs[variant].push(commitMs);
      split.durableMs[variant].push(commitMs + hookMs);
      if (!JSON.stringify(answer[0]?.result).includes('committed')) throw new Error(`step ${result.step} not committed: ${JSON.stringify(answer)}`);
      variant = variant === 'before' ? 'after' : 'before';
    }
    await engine.close();
    return split;
  } finally {
    await platform.close();
  }
}

function sumAll(byName: Record<string, number[]>): number {
  return Object.values(byName).reduce((total, values) => total + values.reduce((sum, value) => sum + value, 0), 0);
}

function timedByName(hooks: LifecycleHooks, into: () => Record<string, number[]>): LifecycleHooks {
  const wrapped: Record<string, (info: unknown) => Promise<unknown>> = {};
  for (const [name, hook] of Object.entries(hooks)) {
    if (typeof hook !== 'function') continue;
    const call = hook as (info: unknown) => unknown;
    wrapped[name] = async (info) => {
      const target = into();
      const started = performance.now();
      try {
        return await call.call(hooks, info);
      } finally {
        (target[name] ??= []).push(performance.now() - started);
      }
    };
  }
  return wrapped;
}

/** Mean and median of the values past the first 10 (warm-up). */
function summary(values: readonly number[]): string {
  const kept = values.slice(10).sort((left, right) => left - right);
  const mean = kept.reduce((sum, value) => sum + value, 0) / Math.max(1, kept.length);
  return `${mean.toFixed(3)} / ${(kept[Math.floor(kept.length / 2)] ?? 0).toFixed(3)}`;
}

function print(mode: string, split: Split): void {
  console.log(`| ${mode} | build commit document + JSON.stringify (Node) | ${summary(split.buildMs)} | |`);
  console.log(`| ${mode} | step commit | ${summary(split.commitMs.before)} | ${summary(split.commitMs.after)} |`);
  for (const name of Object.keys(split.hookMs.before)) console.log(`| ${mode} | hook ${name} | ${summary(split.hookMs.before[name] ?? [])} | ${summary(split.hookMs.after[name] ?? [])} |`);
  console.log(`| ${mode} | **durable per step** (hooks + commit) | ${summary(split.durableMs.before)} | ${summary(split.durableMs.after)} |`);
}

console.log(`load average before ${loadavg().map((value) => value.toFixed(1)).join(' ')}; ${turns} tool turns, steps alternating before/after\n`);
console.log('| database | part | before: mean / median ms | after: mean / median ms |');
console.log('| --- | --- | --- | --- |');
const name = `bench_split_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
try {
  await admin.query(`ALTER DATABASE ${name} SET track_functions = 'all'`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // The last steps' commits run once more with auto_explain on (nested statements, timed), answered as notices.
  const explainer = new pg.Client({ connectionString: url.toString() });
  await explainer.connect();
  let notices: string[] = [];
  explainer.on('notice', (notice) => notices.push(notice.message ?? ''));
  await explainer.query(`LOAD 'auto_explain'`);
  for (const setting of ['log_min_duration = 0', 'log_analyze = on', 'log_nested_statements = on', 'log_timing = on', "log_level = 'notice'", 'log_buffers = off', 'log_triggers = on']) await explainer.query(`SET auto_explain.${setting}`);
  const explain = async (text: string) => {
    notices = [];
    await explainer.query('SELECT agentloom_commit_step($1::jsonb) AS result', [text]);
  };
  print('server', await probe({ url: url.toString(), migrationsDirectory }, explain));
  await explainer.end();
  if (process.env.BENCH_SPLIT_EXPLAIN) console.log(notices.join('\n---\n'));
  const stats = new pg.Client({ connectionString: url.toString() });
  await stats.connect();
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const functions = await stats.query<{ funcname: string; calls: string; total: number; self: number }>(
    `SELECT funcname, calls, total_time / calls AS total, self_time / calls AS self FROM pg_stat_user_functions WHERE funcname LIKE 'agentloom_%' ORDER BY total_time DESC`,
  );
  for (const row of functions.rows) console.log(`| server | in Postgres: ${row.funcname} (${row.calls} calls), total / self ms | ${row.total.toFixed(3)} / ${row.self.toFixed(3)} | |`);
  await stats.end();
} finally {
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
print('embedded', await probe({ dataDirectory: 'memory://', migrationsDirectory }));
console.log(`\nload average after ${loadavg().map((value) => value.toFixed(1)).join(' ')}`);
