import { randomUUID } from 'node:crypto';

import { openDatabase, type Database } from '@agentloom/db';
import { createTestDatabaseConfig, databaseModes, type TestDatabaseConfig } from '@agentloom/db/testing';
import { HashingEmbedder, selectEmbedder, type Embedder } from '@agentloom/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { PrismaMemoryPort } from './prisma-memory-port';
import { reembedItems, type ReembedProgress } from './reembed-items';

// The real semantic embedder, one worker thread (and one model load) for the whole file.
const selection = selectEmbedder({ provider: 'use-lite' });
if (selection.fallbackReason) throw new Error(`This test needs the optional use-lite packages: ${selection.fallbackReason}`);
const useLite = selection.embedder;
afterAll(() => useLite.close?.());

const facts = [
  'The deploy window is Tuesday afternoon, after the change review',
  'The staging cluster lives in Frankfurt',
  'Maria owns the on-call rota for the payments team',
  'The cafeteria closes at noon on Fridays',
  'Quarterly planning starts on the second Monday of March',
];

/** Fails after `batches` batches, as a process killed mid-run would stop. */
function interruptedAfter(embedder: Embedder, batches: number): Embedder {
  let calls = 0;
  return {
    id: embedder.id,
    dimension: embedder.dimension,
    embed: (texts, signal) => {
      calls += 1;
      if (calls > batches) return Promise.reject(new Error('interrupted'));
      return embedder.embed(texts, signal);
    },
  };
}

describe.each(databaseModes)('moving items to the semantic embedder (%s)', (mode) => {
  let testDatabase: TestDatabaseConfig;
  let database: Database;
  let tenantId: string;
  const scope = () => ({ tenantId, agentId: 'agent' });

  beforeAll(async () => {
    testDatabase = await createTestDatabaseConfig(mode);
    database = await openDatabase(testDatabase.config);
    tenantId = (await database.prisma.tenant.create({ data: { slug: `reembed-${randomUUID()}`, name: 'r' } })).id;
    const hashingPort = new PrismaMemoryPort(database, { embedder: new HashingEmbedder() });
    for (const content of facts) await hashingPort.store({ scope: scope(), kind: 'fact', content });
  }, 300_000);
  afterAll(async () => {
    await database?.close();
    await testDatabase?.dispose();
  });

  it.runIf(mode === 'embedded')('re-embeds in batches, resumes after an interruption, and never compares vectors of two embedders', async () => {
    const progress: ReembedProgress[] = [];
    await expect(reembedItems(database, interruptedAfter(useLite, 1), { batchSize: 2, onProgress: (step) => progress.push(step) })).rejects.toThrow('interrupted');
    expect(progress).toEqual([
      { done: 0, total: 5 },
      { done: 2, total: 5 },
    ]);
    const counts = await embedderCounts(database, tenantId);
    expect(counts).toEqual({ 'hashing-ngram/v1': 3, 'use-lite/v1': 2 });

    // Mid-migration, a use-lite query is compared only with the two use-lite vectors: the three
    // hashing vectors (another space, another dimension) never appear in the vector list…
    const semanticPort = new PrismaMemoryPort(database, { embedder: useLite, minVectorSimilarity: -1 });
    const vectorHits = await semanticPort.searchWith({ scope: scope(), text: 'staging cluster Frankfurt', limit: 10 }, 'vector');
    const migrated = await database.prisma.memoryItem.findMany({ where: { tenantId, embedderId: 'use-lite/v1' }, select: { content: true } });
    expect(vectorHits.map((hit) => hit.item.content).sort()).toEqual(migrated.map((item) => item.content).sort());
    // …and the items not moved yet are still found by full text.
    const hybridHits = await semanticPort.searchWith({ scope: scope(), text: 'cafeteria noon Fridays', limit: 5 }, 'hybrid');
    const unmoved = await database.prisma.memoryItem.findMany({ where: { tenantId, embedderId: 'hashing-ngram/v1' }, select: { content: true } });
    expect(unmoved.map((item) => item.content)).toContain('The cafeteria closes at noon on Fridays');
    expect(hybridHits.map((hit) => hit.item.content)).toContain('The cafeteria closes at noon on Fridays');

    // Run again: only the three items left are done.
    const resumed: ReembedProgress[] = [];
    expect(await reembedItems(database, useLite, { batchSize: 2, onProgress: (step) => resumed.push(step) })).toEqual({ done: 3, total: 3 });
    expect(resumed.map((step) => step.done)).toEqual([0, 2, 3]);
    expect(await embedderCounts(database, tenantId)).toEqual({ 'use-lite/v1': 5 });
    const [dimension] = await database.sql.query<{ dimension: number }>(
      'SELECT DISTINCT dimension FROM agentloom_vector.memory_embedding WHERE tenant_id = $1::uuid',
      tenantId,
    );
    expect(dimension).toEqual({ dimension: 512 });

    // A paraphrase with no shared content word now finds its fact through the vector list.
    const paraphrase = await semanticPort.searchWith({ scope: scope(), text: 'When can I get lunch at the canteen on the last workday?', limit: 1 }, 'vector');
    expect(paraphrase[0]?.item.content).toBe('The cafeteria closes at noon on Fridays');
    expect(await reembedItems(database, useLite)).toEqual({ done: 0, total: 0 });

    // Another embedder of the same dimension (here: the very same vectors under another id) is
    // still another space: its items never enter a use-lite query's vector list.
    const lookAlike: Embedder = { id: 'look-alike/v1', dimension: 512, embed: (texts) => useLite.embed(texts) };
    await new PrismaMemoryPort(database, { embedder: lookAlike }).store({ scope: scope(), kind: 'fact', content: 'The canteen serves lunch until noon on Fridays' });
    const sameDimension = await semanticPort.searchWith({ scope: scope(), text: 'When can I get lunch at the canteen on the last workday?', limit: 10 }, 'vector');
    expect(sameDimension.map((hit) => hit.item.content)).not.toContain('The canteen serves lunch until noon on Fridays');
    // What it does return are use-lite items only (the relevance floor may leave out the unrelated ones).
    const useLiteContents = (await database.prisma.memoryItem.findMany({ where: { tenantId, embedderId: useLite.id }, select: { content: true } })).map((row) => row.content);
    expect(sameDimension.length).toBeGreaterThan(0);
    for (const hit of sameDimension) expect(useLiteContents).toContain(hit.item.content);
  });

  it.runIf(mode === 'server')('refuses with the fix when the server has no pgvector, and leaves the items as they were', async () => {
    expect(database.vector.available).toBe(false);
    await expect(reembedItems(database, useLite)).rejects.toThrow(/pgvector is not installed/);
    const items = await database.prisma.memoryItem.findMany({ where: { tenantId }, select: { embedderId: true } });
    expect(items).toHaveLength(5);
    // Full-text search keeps working without vectors.
    const hits = await new PrismaMemoryPort(database, { embedder: useLite }).search({ scope: scope(), text: 'staging cluster Frankfurt' });
    expect(hits[0]?.item.content).toBe('The staging cluster lives in Frankfurt');
  });
});

async function embedderCounts(database: Database, tenantId: string): Promise<Record<string, number>> {
  const rows = await database.prisma.memoryItem.groupBy({ by: ['embedderId'], where: { tenantId }, _count: { _all: true } });
  return Object.fromEntries(rows.map((row) => [row.embedderId ?? 'none', row._count._all]));
}
