/**
 * Cost of one Prometheus scrape of `/metrics` with 1 M runs in the database (server mode): the scrape
 * before ADR 0046 (gauges counting and summing the runs table, and 24-hour quantiles over runs,
 * messages and checkpoints, on every scrape) against the current one (counters kept on write; queue
 * and approval backlog from one statement over partial indexes).
 *
 *   npx tsx bench/metrics-scrape/run.ts            # AGENTLOOM_BENCH_RUNS=1000000 by default
 */
import { randomBytes } from 'node:crypto';

import { repositoryMigrationsDirectory } from '@agentloom/db/testing';
import { createPlatform } from '@agentloom/platform';
import { silentLogger } from '@agentloom/platform/testing';
import pg from 'pg';
import { Registry } from 'prom-client';

import { collectPreviousDatabaseGauges } from './previous-database-gauges';
import { collectPreviousMemoryGauges } from './previous-memory-gauges';

const serverUrl = process.env.AGENTLOOM_BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const runCount = Number(process.env.AGENTLOOM_BENCH_RUNS ?? 1_000_000);
const scrapes = Number(process.env.AGENTLOOM_BENCH_SCRAPES ?? 10);

async function administer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Median and p95 of `count` timed calls, after one warm-up call. */
async function time(count: number, work: () => Promise<unknown>): Promise<{ median: number; p95: number }> {
  await work();
  const samples: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const started = performance.now();
    await work();
    samples.push(performance.now() - started);
  }
  samples.sort((left, right) => left - right);
  return { median: samples[Math.floor(samples.length / 2)]!, p95: samples[Math.min(samples.length - 1, Math.ceil(samples.length * 0.95) - 1)]! };
}

async function main(): Promise<void> {
  const name = `bench_metrics_${randomBytes(4).toString('hex')}`;
  await administer(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const platform = await createPlatform({ database: { url: url.toString(), migrationsDirectory: repositoryMigrationsDirectory }, secrets: { key: Buffer.alloc(32, 7) }, logger: silentLogger });
  try {
    const seedStarted = performance.now();
    // 1 M runs of the seeded demo agent: 1,000 queued, 100 running, the rest finished over 30 days.
    await platform.database.sql.query(
      `INSERT INTO runs (id, tenant_id, agent_id, agent_version_id, status, input, attempt, input_tokens, output_tokens, cost_usd,
                         queued_at, started_at, finished_at, created_at, updated_at)
       SELECT gen_random_uuid(), version.tenant_id, version.agent_id, version.id,
              (CASE WHEN n <= 1000 THEN 'queued' WHEN n <= 1100 THEN 'running' WHEN n % 10 = 0 THEN 'failed' ELSE 'succeeded' END)::"RunStatus",
              jsonb_build_object('text', 'run ' || n), 1, 400 + n % 300, 100 + n % 50, 0.002,
              now() - (n % 43200) * interval '1 minute', now() - (n % 43200) * interval '1 minute',
              CASE WHEN n > 1100 THEN now() - (n % 43200) * interval '1 minute' + interval '30 seconds' END,
              now() - (n % 43200) * interval '1 minute', now()
         FROM generate_series(1, $1::int) AS n,
              (SELECT agent_versions.id, agent_versions.tenant_id, agent_versions.agent_id FROM agent_versions
                 JOIN agents ON agents.id = agent_versions.agent_id WHERE agents.slug = 'demo-operator' LIMIT 1) AS version`,
      runCount,
    );
    await platform.database.sql.query('VACUUM ANALYZE runs');
    console.log(`Seeded ${runCount.toLocaleString('en')} runs in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);

    const previous = new Registry();
    collectPreviousDatabaseGauges(platform.database, previous);
    collectPreviousMemoryGauges(platform.database, previous);
    const before = await time(Math.max(3, Math.floor(scrapes / 2)), () => previous.metrics());
    const after = await time(scrapes, () => platform.metrics.render());

    const row = (label: string, figures: { median: number; p95: number }) => `| ${label.padEnd(38)} | ${figures.median.toFixed(1).padStart(10)} | ${figures.p95.toFixed(1).padStart(9)} |`;
    console.log(`\nScrape of /metrics with ${runCount.toLocaleString('en')} runs (server mode, Postgres ${(await platform.database.sql.query<{ server_version: string }>('SHOW server_version'))[0]?.server_version})\n`);
    console.log('| scrape                                 |  median ms |    p95 ms |');
    console.log('| -------------------------------------- | ---------- | --------- |');
    console.log(row('before (count/SUM gauges per scrape)', before));
    console.log(row('after (counters on write + indexes)', after));
    console.log(`\nafter / before (median): ${(after.median / before.median).toFixed(4)}×`);
    // The figures mean something only if both scrapes read the seeded queue.
    const queueLine = (exposition: string) => /^agentloom_queue_depth (\d+)$/m.exec(exposition)?.[1];
    console.log(`queue depth reported: before ${queueLine(await previous.metrics())}, after ${queueLine(await platform.metrics.render())}`);
  } finally {
    await platform.close();
    await administer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

await main();
