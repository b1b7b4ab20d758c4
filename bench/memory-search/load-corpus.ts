import { randomUUID } from 'node:crypto';

import type { Database } from '@agentloom/db';
import type { Embedder } from '@agentloom/runtime';

import { createRandom, sentence, vocabulary } from './synthetic-corpus';

export interface Corpus {
  tenantIds: string[];
  /** Contents of the measured tenant's items, for queries. */
  sampleContents: string[];
  words: string[];
  /** Seconds to embed the texts, to insert rows and to build the HNSW index. */
  embedSeconds: number;
  insertSeconds: number;
  indexSeconds: number;
}

/**
 * Bulk-loads `items` memories over `tenants` tenants with raw multi-row INSERTs (setup, not what is
 * measured), then builds the partial HNSW index once — faster than growing it row by row. Every
 * tenant holds the same `items / tenants` texts (embedded once, in batches of 64): a model embedder
 * takes ≈ 35 ms of CPU per text, and search cost depends on how many vectors a tenant has, not on
 * whether another tenant's texts differ.
 */
export async function loadCorpus(database: Database, embedder: Embedder, items: number, tenants: number): Promise<Corpus> {
  const random = createRandom(42);
  const words = vocabulary(3_000, random);
  const perTenant = Math.ceil(items / tenants);
  const texts = Array.from({ length: perTenant }, () => sentence(words, random, 8 + Math.floor(random() * 12)));
  const embedStarted = performance.now();
  const vectors: string[] = [];
  for (let start = 0; start < texts.length; start += 64) {
    for (const vector of await embedder.embed(texts.slice(start, start + 64))) vectors.push(`[${vector.join(',')}]`);
  }
  const embedSeconds = (performance.now() - embedStarted) / 1000;
  const tenantIds: string[] = [];
  for (let index = 0; index < tenants; index += 1) {
    tenantIds.push((await database.prisma.tenant.create({ data: { slug: `bench-${randomUUID()}`, name: 'bench' }, select: { id: true } })).id);
  }
  const { dimension } = embedder;
  await database.sql.execute(`DROP INDEX IF EXISTS agentloom_vector.memory_embedding_hnsw_${dimension}`);
  const insertStarted = performance.now();
  const batch = 500;
  for (let start = 0; start < items; start += batch) {
    const rows = Array.from({ length: Math.min(batch, items - start) }, (_, offset) => {
      const position = start + offset;
      const text = Math.floor(position / tenants) % perTenant;
      return { id: randomUUID(), tenantId: tenantIds[position % tenants]!, content: texts[text]!, vector: vectors[text]! };
    });
    const itemValues = rows
      .map((_, position) => `($${position * 3 + 1}::uuid, $${position * 3 + 2}::uuid, 'agent', 'bench', 'fact', $${position * 3 + 3}, now())`)
      .join(', ');
    await database.sql.execute(
      `INSERT INTO memory_items (id, tenant_id, scope, scope_id, kind, content, updated_at) VALUES ${itemValues}`,
      ...rows.flatMap((row) => [row.id, row.tenantId, row.content]),
    );
    const vectorValues = rows
      .map((_, position) => `($${position * 3 + 1}::uuid, $${position * 3 + 2}::uuid, '${embedder.id}', ${dimension}, $${position * 3 + 3}::vector)`)
      .join(', ');
    await database.sql.execute(
      `INSERT INTO agentloom_vector.memory_embedding (memory_item_id, tenant_id, embedder_id, dimension, embedding) VALUES ${vectorValues}`,
      ...rows.flatMap((row) => [row.id, row.tenantId, row.vector]),
    );
  }
  await database.sql.execute(`UPDATE memory_items SET embedder_id = '${embedder.id}', embedding_dimension = ${dimension}`);
  const insertSeconds = (performance.now() - insertStarted) / 1000;
  const indexStarted = performance.now();
  // The graph is built in memory when it fits (pgvector's advice); the 64 MB default spills at 100k.
  await database.sql.execute("SET maintenance_work_mem = '1GB'");
  await database.sql.execute(
    `CREATE INDEX memory_embedding_hnsw_${dimension} ON agentloom_vector.memory_embedding ` +
      `USING hnsw ((embedding::vector(${dimension})) vector_cosine_ops) WHERE dimension = ${dimension}`,
  );
  await database.sql.execute('ANALYZE memory_items');
  await database.sql.execute('ANALYZE agentloom_vector.memory_embedding');
  return { tenantIds, sampleContents: texts.slice(0, 2_000), words, embedSeconds, insertSeconds, indexSeconds: (performance.now() - indexStarted) / 1000 };
}
