/**
 * What one no-op run costs Postgres, phase by phase, for AgentLoom and graphile-worker: WAL bytes
 * (records that touch the scenario database plus their commit records, read with pg_walinspect, so
 * other sessions on the shared server do not count), WAL records, full-page images, and the index
 * set of the tables the hot path writes, and this process's CPU per run (the client side of each
 * statement). Statements are driven one at a time from this process, so the figures are per run,
 * not per second, and do not depend much on the machine's load.
 * Run: npx tsx bench/dispatch/rows-per-run.ts   (BENCH_ROWS_JOBS, default 400; BENCH_ROWS_SHOW_INDEXES=1 lists the indexes)
 */
import { repositoryMigrationsDirectory } from '@agentloom/db/testing';
import { createPlatform, type Principal } from '@agentloom/platform';
import { silentLogger } from '@agentloom/platform/testing';
import { Logger, makeWorkerUtils, run } from 'graphile-worker';

import pg from 'pg';

import { finishRun, RunService } from './agentloom-internals';
import { restoreTotalIndexesStatement } from './agentloom-system';
import { backendMilliseconds, backendTicks } from './backend-cpu';
import { claimRuns } from '../../packages/platform/src/execution/run-claims';
import { createScenarioDatabase } from './scenario-database';

const jobs = Number(process.env.BENCH_ROWS_JOBS ?? 400);

interface WalFigures {
  bytes: number;
  records: number;
  fullPageImageBytes: number;
}

/** Reads WAL between two positions and keeps what belongs to one database (by relfilenode path or transaction). */
async function walOf(client: pg.Client, start: string, end: string): Promise<WalFigures> {
  const { rows } = await client.query<{ bytes: string; records: string; fpi: string }>(
    `WITH records AS (SELECT * FROM pg_get_wal_records_info($1::pg_lsn, $2::pg_lsn)),
          ours AS (SELECT DISTINCT xid FROM records WHERE block_ref LIKE '%/' || (SELECT oid FROM pg_database WHERE datname = current_database()) || '/%' AND xid <> '0')
     SELECT coalesce(sum(record_length), 0) AS bytes, count(*) AS records, coalesce(sum(fpi_length), 0) AS fpi
       FROM records
      WHERE block_ref LIKE '%/' || (SELECT oid FROM pg_database WHERE datname = current_database()) || '/%'
         OR (resource_manager = 'Transaction' AND xid IN (SELECT xid FROM ours))`,
    [start, end],
  );
  const row = rows[0]!;
  return { bytes: Number(row.bytes), records: Number(row.records), fullPageImageBytes: Number(row.fpi) };
}

/**
 * Keeps the WAL this session measures until it ends (a temporary replication slot, dropped with the
 * connection): other sessions on a shared server write enough WAL that a checkpoint may recycle a
 * segment before the phase that wrote it is read.
 */
async function retainWal(client: pg.Client): Promise<void> {
  await client.query('SELECT pg_create_physical_replication_slot($1, true, true)', [`rows_per_run_${process.pid}_${Date.now()}`]);
}

/** The WAL position now. */
async function lsn(client: pg.Client): Promise<string> {
  return (await client.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn')).rows[0]!.lsn;
}

/**
 * The WAL position a phase starts at, just after a checkpoint: every phase then pays the same
 * full-page images for the first change of each page. (No checkpoint at a phase's end: it could
 * recycle the segments the phase wrote before they are read.)
 */
async function phaseStart(client: pg.Client): Promise<string> {
  await client.query('CHECKPOINT');
  return lsn(client);
}

async function indexSizes(client: pg.Client, tables: string[]): Promise<string[]> {
  const { rows } = await client.query<{ line: string }>(
    `SELECT format('%s.%s %s (%s)', index.schemaname, index.relname, pg_size_pretty(pg_relation_size(index.indexrelid)), pg_get_indexdef(index.indexrelid)) AS line
       FROM pg_stat_user_indexes AS index WHERE index.relname = ANY($1) ORDER BY index.relname, index.indexrelname`,
    [tables],
  );
  return rows.map((row) => row.line);
}

/** This process's CPU time (user + system) in microseconds since `since`, or now when absent. */
function cpuMicroseconds(since?: NodeJS.CpuUsage): number {
  const usage = process.cpuUsage(since);
  return usage.user + usage.system;
}

function report(system: string, phase: string, figures: WalFigures, cpu: number, serverMilliseconds: number): void {
  console.log(
    `| ${system} | ${phase} | ${(figures.bytes / jobs).toFixed(0)} | ${(figures.records / jobs).toFixed(1)} | ${(figures.fullPageImageBytes / jobs).toFixed(0)} | ${(cpu / jobs / 1000).toFixed(2)} | ${(serverMilliseconds / jobs).toFixed(2)} |`,
  );
}

async function measureAgentLoom(system: string, totalIndexes: boolean): Promise<void> {
  const database = await createScenarioDatabase('rows_agentloom');
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  await client.query('CREATE EXTENSION IF NOT EXISTS pg_walinspect');
  await retainWal(client);
  const platform = await createPlatform({
    database: { url: database.url, migrationsDirectory: repositoryMigrationsDirectory },
    secrets: { key: Buffer.alloc(32, 7) },
    logger: silentLogger,
  });
  try {
    const principal: Principal | null = platform.seed.adminKey ? await platform.auth.authenticate(platform.seed.adminKey) : null;
    if (!principal) throw new Error('no admin key');
    if (totalIndexes) await client.query(restoreTotalIndexesStatement);
    const agent = await platform.database.prisma.agent.findFirstOrThrow({ where: { slug: 'demo-operator' }, select: { id: true } });
    const runs = new RunService(platform.database);
    let start = await phaseStart(client);
    let server = await backendTicks(client);
    let cpu = process.cpuUsage();
    for (let index = 0; index < jobs; index++) await runs.create(principal, { agentId: agent.id, input: 'no-op' });
    let cpuUsed = cpuMicroseconds(cpu);
    let serverUsed = backendMilliseconds(server, await backendTicks(client));
    let end = await lsn(client);
    report(system, 'create (RunService.create)', await walOf(client, start, end), cpuUsed, serverUsed);
    start = await phaseStart(client);
    const claimed = [];
    server = await backendTicks(client);
    cpu = process.cpuUsage();
    for (;;) {
      const batch = await claimRuns(platform.database.statements, 'rows-bench', 8, 30_000);
      if (batch.length === 0) break;
      claimed.push(...batch);
    }
    cpuUsed = cpuMicroseconds(cpu);
    serverUsed = backendMilliseconds(server, await backendTicks(client));
    end = await lsn(client);
    report(system, 'claim (batches of 8)', await walOf(client, start, end), cpuUsed, serverUsed);
    start = await phaseStart(client);
    server = await backendTicks(client);
    cpu = process.cpuUsage();
    for (const claim of claimed) {
      if (!(await finishRun(platform.database.statements, claim, 'rows-bench', { status: 'succeeded' }))) throw new Error('fence failed');
    }
    cpuUsed = cpuMicroseconds(cpu);
    serverUsed = backendMilliseconds(server, await backendTicks(client));
    end = await lsn(client);
    report(system, 'finish', await walOf(client, start, end), cpuUsed, serverUsed);
    const tables = await client.query<{ relname: string; n_tup_upd: string; n_tup_hot_upd: string }>(
      `SELECT relname, n_tup_upd, n_tup_hot_upd FROM pg_stat_user_tables WHERE relname = 'runs'`,
    );
    console.error(`${system}: runs updates (total, HOT):`, tables.rows[0]);
    if (process.env.BENCH_ROWS_SHOW_INDEXES) console.error((await indexSizes(client, ['runs', 'run_events', 'audit_logs'])).join('\n'));
  } finally {
    await client.end();
    await platform.close();
    await database.drop();
  }
}

async function measureGraphileWorker(): Promise<void> {
  const database = await createScenarioDatabase('rows_graphile');
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  await client.query('CREATE EXTENSION IF NOT EXISTS pg_walinspect');
  await retainWal(client);
  const logger = new Logger(() => () => undefined);
  const utilities = await makeWorkerUtils({ connectionString: database.url, logger });
  await utilities.migrate();
  try {
    let start = await phaseStart(client);
    let server = await backendTicks(client);
    let cpu = process.cpuUsage();
    for (let index = 0; index < jobs; index++) await utilities.addJob('dispatch', {});
    const cpuUsed = cpuMicroseconds(cpu);
    const serverUsed = backendMilliseconds(server, await backendTicks(client));
    let end = await lsn(client);
    report('graphile-worker', 'add_job', await walOf(client, start, end), cpuUsed, serverUsed);
    start = await phaseStart(client);
    server = await backendTicks(client);
    cpu = process.cpuUsage();
    let done = 0;
    const pool = new pg.Pool({ connectionString: database.url, max: 2 });
    const finished = new Promise<void>((resolve) => {
      void run({
        pgPool: pool,
        concurrency: 1,
        pollInterval: 500,
        noHandleSignals: true,
        logger,
        taskList: { dispatch: () => void (++done === jobs && setTimeout(resolve, 200)) },
      }).then((runner) => finished.then(() => runner.stop()));
    });
    await finished;
    const workerCpu = cpuMicroseconds(cpu);
    const workerServer = backendMilliseconds(server, await backendTicks(client));
    await pool.end();
    end = await lsn(client);
    report('graphile-worker', 'get_job + complete_job (worker, concurrency 1)', await walOf(client, start, end), workerCpu, workerServer);
    if (process.env.BENCH_ROWS_SHOW_INDEXES) console.error((await indexSizes(client, ['_private_jobs'])).join('\n'));
  } finally {
    await utilities.release();
    await client.end();
    await database.drop();
  }
}

console.log(`WAL per run, ${jobs} runs, one at a time\n`);
console.log('| system | phase | WAL bytes/run | WAL records/run | of which full-page images bytes/run | Node CPU ms/run | Postgres CPU ms/run |');
console.log('| --- | --- | --- | --- | --- | --- | --- |');
await measureAgentLoom('AgentLoom', false);
await measureAgentLoom('AgentLoom, total indexes (before ADR 0062)', true);
await measureGraphileWorker();
