/**
 * bench/durable-step/split-commit: where the time of one durable tool step goes. One run is driven
 * step by step as in run.ts; every step's commit document is built and timed on its own (Node CPU),
 * then sent through one of two paths, alternating step by step: the Prisma client's raw query
 * (`$queryRawUnsafe`) or the driver directly (`Database.statements`: the pg pool, or the PGlite
 * session). On the server, `track_functions = 'all'` gives the functions' own time inside Postgres.
 * The hook statements (cancel check, ledger start, ledger finish) are timed one by one, through the driver.
 *   npx tsx bench/durable-step/split-commit.ts      (BENCH_SPLIT_STEPS, default 300; server + embedded)
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';

import pg from 'pg';

import type { Engine, LifecycleHooks } from '@agentloom/runtime';
import { createPlatform } from '@agentloom/platform';
import type { DatabaseConfig } from '@agentloom/db';

import { agentVersionConfigSchema, buildRunEngine, claimRuns, createCancelFenceHooks, createToolLedgerHooks, ModelConnector, SecretBox, ToolCatalog } from './agentloom-internals';
import { stepCommittedPayload, stepEventsOf, stepRowsDocument, usageCountsOf } from './split-commit-internals';

const migrationsDirectory = fileURLToPath(new URL('../../prisma/migrations', import.meta.url));
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const turns = Number(process.env.BENCH_SPLIT_STEPS ?? 300);
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

interface Split {
  buildMs: number[];
  prismaMs: number[];
  driverMs: number[];
  hookMs: Record<string, number[]>;
}

async function probe(database: DatabaseConfig, explain?: (text: string) => Promise<void>): Promise<Split> {
  const platform = await createPlatform({ database, logger: silent, secrets: { key: Buffer.alloc(32, 7) } });
  try {
    const { prisma } = platform.database;
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
    const split: Split = { buildMs: [], prismaMs: [], driverMs: [], hookMs: {} };
    const hooks = [
      timedByName(createCancelFenceHooks(platform.database.statements, claimed, 'bench'), split.hookMs),
      timedByName(createToolLedgerHooks(platform.database.statements, claimed, 'bench', () => holder.engine!.services.registry), split.hookMs),
    ];
    const engine = buildRunEngine({ runId: claimed.id, agentId: agent.id, versionId: version.id, config: agentVersionConfigSchema.parse(version.config), tools: new ToolCatalog(), hooks, models: new ModelConnector(fetch, new SecretBox(Buffer.alloc(32, 7))) });
    holder.engine = engine;
    const run = engine.start({ task: 'Cite many sources.', instanceId: claimed.id });
    for (;;) {
      const result = await run.step();
      if (result.next.type !== 'run-again') break;
      const built = performance.now();
      const rows = stepRowsDocument(claimed, result, new Date());
      const text = JSON.stringify({ ...rows, owner: 'bench', attempt: claimed.attempt, usage: usageCountsOf(result), events: stepEventsOf(result), stepCommitted: stepCommittedPayload(rows, result, false) });
      const sent = performance.now();
      split.buildMs.push(sent - built);
      if (explain && result.step >= turns - 2) {
        await explain(text);
        continue;
      }
      const viaDriver = result.step % 2 === 0;
      const answer = viaDriver
        ? await platform.database.statements.query<{ result: unknown }>('SELECT agentloom_commit_step($1::jsonb) AS result', text)
        : await prisma.$queryRawUnsafe<{ result: unknown }[]>('SELECT agentloom_commit_step($1::jsonb) AS result', text);
      (viaDriver ? split.driverMs : split.prismaMs).push(performance.now() - sent);
      if (!JSON.stringify(answer[0]?.result).includes('committed')) throw new Error(`step ${result.step} not committed: ${JSON.stringify(answer)}`);
    }
    await engine.close();
    return split;
  } finally {
    await platform.close();
  }
}

function timedByName(hooks: LifecycleHooks, into: Record<string, number[]>): LifecycleHooks {
  const wrapped: Record<string, (info: unknown) => Promise<unknown>> = {};
  for (const [name, hook] of Object.entries(hooks)) {
    if (typeof hook !== 'function') continue;
    const call = hook as (info: unknown) => unknown;
    wrapped[name] = async (info) => {
      const started = performance.now();
      try {
        return await call.call(hooks, info);
      } finally {
        (into[name] ??= []).push(performance.now() - started);
      }
    };
  }
  return wrapped;
}

/** Mean and median of the values past the first 20 (warm-up). */
function summary(values: readonly number[]): string {
  const kept = values.slice(20).sort((left, right) => left - right);
  const mean = kept.reduce((sum, value) => sum + value, 0) / Math.max(1, kept.length);
  return `${mean.toFixed(3)} / ${(kept[Math.floor(kept.length / 2)] ?? 0).toFixed(3)}`;
}

function print(mode: string, split: Split): void {
  console.log(`| ${mode} | build document + JSON.stringify (Node) | ${summary(split.buildMs)} |`);
  console.log(`| ${mode} | commit via Prisma $queryRawUnsafe | ${summary(split.prismaMs)} |`);
  console.log(`| ${mode} | commit via driver (Database.statements) | ${summary(split.driverMs)} |`);
  for (const [name, values] of Object.entries(split.hookMs)) console.log(`| ${mode} | hook ${name} (driver, every call read) | ${summary(values)} |`);
}

console.log(`load average before ${loadavg().map((value) => value.toFixed(1)).join(' ')}; ${turns} tool turns\n`);
console.log('| database | part | mean / median ms |');
console.log('| --- | --- | --- |');
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
  for (const setting of ['log_min_duration = 0', 'log_analyze = on', 'log_nested_statements = on', 'log_timing = on', "log_level = 'notice'", 'log_buffers = off']) await explainer.query(`SET auto_explain.${setting}`);
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
  for (const row of functions.rows) console.log(`| server | in Postgres: ${row.funcname} (${row.calls} calls) total / self | ${row.total.toFixed(3)} / ${row.self.toFixed(3)} |`);
  await stats.end();
} finally {
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
print('embedded', await probe({ dataDirectory: 'memory://', migrationsDirectory }));
console.log(`\nload average after ${loadavg().map((value) => value.toFixed(1)).join(' ')}`);
