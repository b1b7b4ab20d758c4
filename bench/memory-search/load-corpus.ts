import { randomUUID } from 'node:crypto';

import type { Database } from '@agentloom/db';
import { HashingEmbedder } from '@agentloom/runtime';

import { createRandom, sentence, vocabulary } from './synthetic-corpus';

export interface Corpus {
  tenantIds: string[];
  /** Contents of the measured tenant's items, for queries. */
  sampleContents: string[];
  words: string[];
  /** Seconds to insert rows and to build the HNSW index. */
  insertSeconds: number;
  indexSeconds: number;
}

/**
 * Bulk-loads `items` memories over `tenants` tenants with raw multi-row INSERTs (setup, not what is
 * measured), then builds the partial HNSW index once — faster than growing it row by row.
 */
export async function loadCorpus(database: Database, items: number, tenants: number): Promise<Corpus> {
  const random = createRandom(42);
  const words = vocabulary(3_000, random);
  const embedder = new HashingEmbedder();
  const tenantIds: string[] = [];
  for (let index = 0; index < tenants; index += 1) {
    tenantIds.push((await database.prisma.tenant.create({ data: { slug: `bench-${randomUUID()}`, name: 'bench' }, select: { id: true } })).id);
  }
  await database.sql.execute('DROP INDEX IF EXISTS agentloom_vector.memory_embedding_hnsw_384');
  const sampleContents: string[] = [];
  const insertStarted = performance.now();
  const batch = 500;
  for (let start = 0; start < items; start += batch) {
    const rows = Array.from({ length: Math.min(batch, items - start) }, (_, offset) => {
      const tenantId = tenantIds[(start + offset) % tenants]!;
      const content = sentence(words, random, 8 + Math.floor(random() * 12));
      if (tenantId === tenantIds[0] && sampleContents.length < 2_000) sampleContents.push(content);
      return { id: randomUUID(), tenantId, content, vector: `[${embedder.embedOne(content).join(',')}]` };
    });
    const itemValues = rows
      .map((_, position) => `($${position * 3 + 1}::uuid, $${position * 3 + 2}::uuid, 'agent', 'bench', 'fact', $${position * 3 + 3}, now())`)
      .join(', ');
    await database.sql.execute(
      `INSERT INTO memory_items (id, tenant_id, scope, scope_id, kind, content, updated_at) VALUES ${itemValues}`,
      ...rows.flatMap((row) => [row.id, row.tenantId, row.content]),
    );
    const vectorValues = rows
      .map((_, position) => `($${position * 3 + 1}::uuid, $${position * 3 + 2}::uuid, '${embedder.id}', 384, $${position * 3 + 3}::vector)`)
      .join(', ');
    await database.sql.execute(
      `INSERT INTO agentloom_vector.memory_embedding (memory_item_id, tenant_id, embedder_id, dimension, embedding) VALUES ${vectorValues}`,
      ...rows.flatMap((row) => [row.id, row.tenantId, row.vector]),
    );
  }
  await database.sql.execute(`UPDATE memory_items SET embedder_id = '${embedder.id}', embedding_dimension = 384`);
  const insertSeconds = (performance.now() - insertStarted) / 1000;
  const indexStarted = performance.now();
  // The graph is built in memory when it fits (pgvector's advice); the 64 MB default spills at 100k.
  await database.sql.execute("SET maintenance_work_mem = '1GB'");
  await database.sql.execute(
    'CREATE INDEX memory_embedding_hnsw_384 ON agentloom_vector.memory_embedding USING hnsw ((embedding::vector(384)) vector_cosine_ops) WHERE dimension = 384',
  );
  await database.sql.execute('ANALYZE memory_items');
  await database.sql.execute('ANALYZE agentloom_vector.memory_embedding');
  return { tenantIds, sampleContents, words, insertSeconds, indexSeconds: (performance.now() - indexStarted) / 1000 };
}
