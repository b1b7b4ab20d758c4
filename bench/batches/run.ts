/**
 * Interactive runs' enqueue→start latency while a large batch runs, against the same load without
 * the batch (ADR 0049). Two executors (concurrency 8 each) on a Postgres server database; each run's
 * work is a 20 ms sleep. With a batch of BENCH_BATCH_ITEMS items (cap BENCH_BATCH_CAP), interactive
 * runs are submitted at BENCH_BATCH_RATE per second; their queued_at→started_at is read back from
 * the database. Usage: npx tsx bench/batches/run.ts
 */
import { queryRows } from '@agentloom/db';
import { RunExecutor, type Principal } from '@agentloom/platform';
import { createTestAgent, createTestPlatform, silentLogger, type TestPlatform } from '@agentloom/platform/testing';
import { loadavg } from 'node:os';

const items = Number(process.env.BENCH_BATCH_ITEMS ?? 1_000);
const cap = Number(process.env.BENCH_BATCH_CAP ?? 8);
const interactiveCount = Number(process.env.BENCH_BATCH_INTERACTIVE ?? 100);
const ratePerSecond = Number(process.env.BENCH_BATCH_RATE ?? 10);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Processor = ConstructorParameters<typeof RunExecutor>[1];

function processor(test: TestPlatform): Processor {
  return {
    async process(run: { id: string }, owner: string) {
      await sleep(20);
      await queryRows(test.platform.database.statements, `UPDATE runs SET status = 'succeeded', lease_owner = NULL, finished_at = now() WHERE id = $1::uuid AND lease_owner = $2`, [run.id, owner]);
    },
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

async function scenario(withBatch: boolean): Promise<{ p50: number; p99: number; batchDone: number }> {
  const test = await createTestPlatform('server', silentLogger);
  const principal: Principal = (await test.platform.auth.authenticate(test.adminKey))!;
  const agentId = await createTestAgent(test.platform.database, { tenantId: principal.tenantId, slug: 'bench-batch', config: { demoScript: { replies: [{ text: 'Done.' }] } } });
  const batch = withBatch ? await test.platform.batches.submit(principal, { agentId, concurrency: cap, items: Array.from({ length: items }, (_, index) => `item ${index}`) }) : undefined;
  const executors = [0, 1].map((index) => new RunExecutor(test.platform.database, processor(test), silentLogger, { owner: `bench-${index}`, concurrency: 8, pollMs: 50 }));
  await Promise.all(executors.map((executor) => executor.start()));
  const ids: string[] = [];
  for (let index = 0; index < interactiveCount; index++) {
    ids.push((await test.platform.runs.create(principal, { agentId, input: `interactive ${index}` })).run.id);
    await sleep(1_000 / ratePerSecond);
  }
  const { prisma } = test.platform.database;
  while ((await prisma.run.count({ where: { id: { in: ids }, startedAt: null } })) > 0) await sleep(100);
  const rows = await prisma.run.findMany({ where: { id: { in: ids } }, select: { queuedAt: true, startedAt: true } });
  const batchDone = batch ? await prisma.run.count({ where: { batchId: batch.id, status: 'succeeded' } }) : 0;
  await Promise.all(executors.map((executor) => executor.stop()));
  await test.dispose();
  const latencies = rows.map((row) => row.startedAt!.getTime() - row.queuedAt.getTime()).sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), batchDone };
}

const before = loadavg()[0]!.toFixed(1);
const without = await scenario(false);
const withBatch = await scenario(true);
console.log(`load average ${before} → ${loadavg()[0]!.toFixed(1)}; ${interactiveCount} interactive runs at ${ratePerSecond}/s, 2 executors × 8 slots, 20 ms per run`);
console.log('| scenario | interactive p50 enqueue→start ms | p99 ms | batch items done meanwhile |');
console.log('| -------- | -------------------------------- | ------ | -------------------------- |');
console.log(`| no batch | ${without.p50} | ${without.p99} | – |`);
console.log(`| ${items}-item batch, cap ${cap} | ${withBatch.p50} | ${withBatch.p99} | ${withBatch.batchDone} |`);
