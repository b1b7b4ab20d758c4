/**
 * CPU per run of a drain, the figure a busy machine moves least: a queue of no-op runs is filled, then
 * ONE consumer in this process (AgentLoom's `RunExecutor` with the bench's finishing processor, or
 * graphile-worker's runner; concurrency 8 either way) drains it. Reported per run: this process's CPU
 * (the worker's Node side) and the CPU of every Postgres backend of the scenario database (10 ms ticks),
 * plus the drain's wall-clock rate (load-dependent; for orientation only).
 * Run: npx tsx bench/dispatch/drain-cost.ts   (BENCH_DRAIN_JOBS, default 2000; BENCH_DRAIN_SYSTEMS=agentloom,graphile-worker;
 * BENCH_DRAIN_ROUNDS, default 1: rounds alternate the systems; BENCH_DRAIN_CLAIMS_IN_FLIGHT overrides the executor's claimsInFlight). With NODE_OPTIONS=--cpu-prof it profiles the whole process.
 */
import { readFileSync } from 'node:fs';

import pg from 'pg';

import { agentLoomExecutorConfig, agentLoomSystem } from './agentloom-system';
import { backendMilliseconds, backendTicks } from './backend-cpu';
import type { DispatchSystem } from './dispatch-system';
import { graphileWorkerSystem } from './graphile-worker-system';
import { createScenarioDatabase } from './scenario-database';

const jobs = Number(process.env.BENCH_DRAIN_JOBS ?? 2000);
const rounds = Number(process.env.BENCH_DRAIN_ROUNDS ?? 1);
const selected = (process.env.BENCH_DRAIN_SYSTEMS ?? 'agentloom,graphile-worker').split(',');
if (process.env.BENCH_DRAIN_CLAIMS_IN_FLIGHT) agentLoomExecutorConfig.claimsInFlight = Number(process.env.BENCH_DRAIN_CLAIMS_IN_FLIGHT);
const all: Record<string, DispatchSystem> = { agentloom: agentLoomSystem, 'graphile-worker': graphileWorkerSystem };


async function drain(key: string): Promise<string> {
  const system = all[key]!;
  const database = await createScenarioDatabase(`drain_${key}`);
  const producer = await system.prepare(database.url);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const ownPid = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
  try {
    for (let index = 0; index < jobs; index += 8) await Promise.all(Array.from({ length: Math.min(8, jobs - index) }, () => producer.enqueue()));
    let started = 0;
    const consumer = await system.createConsumer(database.url, 8, () => void (started += 1));
    const server = await backendTicks(client, ownPid);
    const cpu = process.cpuUsage();
    const begun = performance.now();
    await consumer.start();
    // The poll's own backend is excluded; its Node side is ~1 small query per 20 ms.
    for (;;) {
      const { rows } = await client.query<{ count: number }>(producer.unfinishedJobsQuery);
      if (rows[0]!.count === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const wallMs = performance.now() - begun;
    const usage = process.cpuUsage(cpu);
    const serverMs = backendMilliseconds(server, await backendTicks(client, ownPid));
    await consumer.stop();
    if (started !== jobs) throw new Error(`${key}: ${jobs} enqueued, ${started} started`);
    const nodeMs = (usage.user + usage.system) / 1000;
    return `| ${system.name} | ${jobs} | ${(nodeMs / jobs).toFixed(3)} | ${(serverMs / jobs).toFixed(3)} | ${((nodeMs + serverMs) / jobs).toFixed(3)} | ${Math.round((jobs / wallMs) * 1000)} |`;
  } finally {
    await client.end();
    await producer.close();
    await database.drop();
  }
}

console.log(`load average before: ${readFileSync('/proc/loadavg', 'utf8').trim()}`);
console.log('| system | runs | worker Node CPU ms/run | Postgres CPU ms/run | total CPU ms/run | drain runs/s |');
console.log('| --- | --- | --- | --- | --- | --- |');
for (let round = 0; round < rounds; round++) for (const key of selected) console.log(await drain(key));
console.log(`load average after: ${readFileSync('/proc/loadavg', 'utf8').trim()}`);
process.exit(0);
