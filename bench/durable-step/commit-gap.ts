/**
 * bench/durable-step/commit-gap: how long after a step commit's answer the next model call starts, over one
 * run of BENCH_GAP_TURNS (400) tool turns with no memory — the gap inside which the commit's fence stands in
 * for the call's own fence read (ADR 0094: 1 ms) — and how many calls read the fence.
 *   npx tsx bench/durable-step/commit-gap.ts [embedded|server]
 */
import { fileURLToPath } from 'node:url';

import type { DatabaseConfig, PreparedStatement, RawSql } from '@agentloom/db';
import { createPlatform } from '@agentloom/platform';
import type { Engine } from '@agentloom/runtime';

import { median } from '../median';
import { withThrowawayServerDatabase } from './throwaway-server-database';
import { agentVersionConfigSchema, buildRunEngine, claimRuns, createCancelFenceHooks, createToolLedgerHooks, ModelConnector, persistStep, SecretBox, ToolCatalog } from './agentloom-internals';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const migrationsDirectory = fileURLToPath(new URL('../../prisma/migrations', import.meta.url));
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const mode = process.argv[2] === 'server' ? 'server' : 'embedded';
const turns = Number(process.env.BENCH_GAP_TURNS ?? 400);

async function measureGaps(database: DatabaseConfig): Promise<{ gaps: number[]; reads: number }> {
  const platform = await createPlatform({ database, logger: silent, secrets: { key: Buffer.alloc(32, 7) } });
  try {
    const { prisma, statements } = platform.database;
    const tenant = await prisma.tenant.findFirstOrThrow();
    const replies = Array.from({ length: turns }, (_, turn) => ({ text: `Source ${turn}.`, toolCalls: [{ name: 'record_citation', arguments: { source: `https://example.org/source/${turn}` } }] }));
    const config = { builtinTools: ['record_citation'], completion: { verify: false, requireToolEvidence: false }, limits: { maxModelCalls: turns + 10, maxIterations: turns + 10 }, demoScript: { replies: [...replies, { text: 'Done.' }] } };
    const agent = await prisma.agent.create({ data: { tenantId: tenant.id, slug: 'gap', name: 'Gap', versions: { create: { tenantId: tenant.id, version: 1, configHash: 'bench', config } } } });
    const principal = (await platform.auth.authenticate(platform.seed.adminKey!))!;
    await platform.runs.create(principal, { agentId: agent.id, input: 'Cite.' });
    const [claimed] = await claimRuns(prisma, 'bench', 1, 3_600_000);
    if (!claimed) throw new Error('nothing to claim');
    const version = await prisma.agentVersion.findFirstOrThrow({ where: { agentId: agent.id } });
    const holder: { engine?: Engine } = {};
    let reads = 0;
    // The fence's statements, counting its reads (a skipped read sends none).
    const counted: RawSql = {
      ...statements,
      prepared: <Row>(statement: PreparedStatement, values: readonly unknown[]) => {
        if (statement.text.includes('AS cancel_requested FROM runs')) reads += 1;
        return statements.prepared!<Row>(statement, values);
      },
    };
    const fence = createCancelFenceHooks(counted, claimed, 'bench');
    let committedAt: number | undefined;
    const gaps: number[] = [];
    const gapTimer = {
      modelCallStarting: () => {
        if (committedAt !== undefined) gaps.push(performance.now() - committedAt);
      },
    };
    const ledger = createToolLedgerHooks(statements, claimed, 'bench', () => holder.engine!.services.registry);
    const engine = buildRunEngine({ runId: claimed.id, agentId: agent.id, versionId: version.id, config: agentVersionConfigSchema.parse(version.config), tools: new ToolCatalog(), hooks: [gapTimer, fence, ledger], models: new ModelConnector(fetch, new SecretBox(Buffer.alloc(32, 7))) });
    holder.engine = engine;
    const run = engine.start({ task: 'Cite.', instanceId: claimed.id });
    for (;;) {
      const result = await run.step();
      const committed = await persistStep(prisma, claimed, result, { owner: 'bench', statements });
      // As the executor does (engine-run-processor), first thing after the answer.
      fence.stepCommitted(committed.fenceConfirmed === true);
      committedAt = performance.now();
      if (result.next.type !== 'run-again') break;
    }
    await engine.close();
    return { gaps, reads };
  } finally {
    await platform.close();
  }
}


const { gaps, reads } = mode === 'server' ? await withThrowawayServerDatabase(serverUrl, 'bench_gap', (url) => measureGaps({ url, migrationsDirectory })) : await measureGaps({ dataDirectory: 'memory://', migrationsDirectory });
const sorted = gaps.slice(10).sort((left, right) => left - right);
const at = (fraction: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!.toFixed(3);
console.log('| database | calls after a commit | gap median ms | p90 | p99 | max | fence reads (of all model calls) |');
console.log('| --- | --- | --- | --- | --- | --- | --- |');
console.log(`| ${mode} | ${sorted.length} | ${median(sorted).toFixed(3)} | ${at(0.9)} | ${at(0.99)} | ${sorted.at(-1)!.toFixed(3)} | ${reads} of ${gaps.length + 1} |`);
