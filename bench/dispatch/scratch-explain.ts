import { repositoryMigrationsDirectory } from '@agentloom/db/testing';
import { createPlatform, type Principal } from '@agentloom/platform';
import { silentLogger } from '@agentloom/platform/testing';
import pg from 'pg';
import { RunService } from './agentloom-internals';
import { claimRunsSql } from '../../packages/platform/src/execution/run-claims-sql';
import { createScenarioDatabase } from './scenario-database';

const database = await createScenarioDatabase('explain');
const platform = await createPlatform({ database: { url: database.url, migrationsDirectory: repositoryMigrationsDirectory }, secrets: { key: Buffer.alloc(32, 7) }, logger: silentLogger });
const client = new pg.Client({ connectionString: database.url });
await client.connect();
try {
  const principal: Principal | null = platform.seed.adminKey ? await platform.auth.authenticate(platform.seed.adminKey) : null;
  const agent = await platform.database.prisma.agent.findFirstOrThrow({ where: { slug: 'demo-operator' }, select: { id: true } });
  const service = new RunService(platform.database);
  for (let index = 0; index < 2000; index += 8) await Promise.all(Array.from({ length: 8 }, () => service.create(principal!, { agentId: agent.id, input: 'no-op' })));
  await client.query('ANALYZE');
  await client.query(`PREPARE c(text, int, double precision, jsonb) AS ${claimRunsSql}`);
  for (let i = 0; i < 8; i++) {
    const { rows } = await client.query(`EXPLAIN (ANALYZE, BUFFERS, TIMING) EXECUTE c('x', 4, 30000, NULL)`);
    if (i === 0 || i === 7) console.log(rows.map((r) => r['QUERY PLAN']).join('\n'));
  }
} finally {
  await client.end();
  await platform.close();
  await database.drop();
}
