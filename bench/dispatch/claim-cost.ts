/**
 * Postgres CPU per claim statement, the claim's fixed cost: a queue of no-op runs is claimed in
 * batches of BENCH_CLAIM_SIZE (4) from this process, one claim at a time, and every backend of the
 * scenario database is read from /proc before and after (10 ms ticks). Also the empty-queue claim.
 * Run: npx tsx bench/dispatch/claim-cost.ts   (BENCH_CLAIM_RUNS, default 2000)
 */
import { readFileSync } from 'node:fs';

import { repositoryMigrationsDirectory } from '@agentloom/db/testing';
import { createPlatform, type Principal } from '@agentloom/platform';
import { silentLogger } from '@agentloom/platform/testing';
import pg from 'pg';

import { RunService } from './agentloom-internals';
import { claimRuns } from '../../packages/platform/src/execution/run-claims';
import { backendMilliseconds, backendTicks } from './backend-cpu';
import { createScenarioDatabase } from './scenario-database';

const runs = Number(process.env.BENCH_CLAIM_RUNS ?? 2000);
const size = Number(process.env.BENCH_CLAIM_SIZE ?? 4);


const database = await createScenarioDatabase('claim_cost');
const platform = await createPlatform({
  database: { url: database.url, migrationsDirectory: repositoryMigrationsDirectory },
  secrets: { key: Buffer.alloc(32, 7) },
  logger: silentLogger,
});
const client = new pg.Client({ connectionString: database.url });
await client.connect();
try {
  const ownPid = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
  const principal: Principal | null = platform.seed.adminKey ? await platform.auth.authenticate(platform.seed.adminKey) : null;
  if (!principal) throw new Error('no admin key');
  const agent = await platform.database.prisma.agent.findFirstOrThrow({ where: { slug: 'demo-operator' }, select: { id: true } });
  const service = new RunService(platform.database);
  for (let index = 0; index < runs; index += 8) await Promise.all(Array.from({ length: 8 }, () => service.create(principal, { agentId: agent.id, input: 'no-op' })));
  await client.query('ANALYZE runs');
  console.log(`load average before: ${readFileSync('/proc/loadavg', 'utf8').trim()}`);
  let before = await backendTicks(client, ownPid);
  let cpu = process.cpuUsage();
  let claims = 0;
  for (;;) {
    const batch = await claimRuns(platform.database.statements, 'claim-cost', size, 30_000);
    if (batch.length === 0) break;
    claims += 1;
  }
  let used = process.cpuUsage(cpu);
  console.log(`claims of ${size}: ${claims}, Postgres CPU ${(backendMilliseconds(before, await backendTicks(client, ownPid)) / claims).toFixed(3)} ms/claim, Node ${((used.user + used.system) / 1000 / claims).toFixed(3)} ms/claim`);
  before = await backendTicks(client, ownPid);
  cpu = process.cpuUsage();
  for (let index = 0; index < 1000; index++) await claimRuns(platform.database.statements, 'claim-cost', size, 30_000);
  used = process.cpuUsage(cpu);
  console.log(`empty claims: 1000, Postgres CPU ${(backendMilliseconds(before, await backendTicks(client, ownPid)) / 1000).toFixed(3)} ms/claim, Node ${((used.user + used.system) / 1000 / 1000).toFixed(3)} ms/claim`);
  console.log(`load average after: ${readFileSync('/proc/loadavg', 'utf8').trim()}`);
} finally {
  await client.end();
  await platform.close();
  await database.drop();
}
