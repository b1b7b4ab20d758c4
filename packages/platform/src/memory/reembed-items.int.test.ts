import { randomUUID } from 'node:crypto';

import { openDatabase, type Database } from '@agentloom/db';
import { createTestDatabaseConfig } from '@agentloom/db/testing';
import { HashingEmbedder, type Embedder } from '@agentloom/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { PrismaMemoryPort } from './prisma-memory-port';
import { reembedItems } from './reembed-items';

/** A second embedder of another dimension: the hashing vector folded to 64 dimensions. */
const foldedEmbedder: Embedder = {
  id: 'folded-test/v1',
  dimension: 64,
  embed: async (texts) => {
    const vectors = await new HashingEmbedder().embed(texts);
    return vectors.map((vector) => {
      const folded = new Array<number>(64).fill(0);
      vector.forEach((value, index) => (folded[index % 64] = (folded[index % 64] ?? 0) + value));
      const norm = Math.sqrt(folded.reduce((sum, value) => sum + value * value, 0)) || 1;
      return folded.map((value) => value / norm);
    });
  },
};

describe('re-embedding (embedded, pgvector)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase((await createTestDatabaseConfig('embedded')).config);
  });
  afterAll(() => database?.close());

  it('moves every item to another embedder and dimension, with its own partial HNSW index, and search follows', async () => {
    const tenant = await database.prisma.tenant.create({ data: { slug: `reembed-${randomUUID()}`, name: 'r' } });
    const scope = { tenantId: tenant.id, agentId: 'agent' };
    await new PrismaMemoryPort(database, { embedder: new HashingEmbedder() }).store({ scope, kind: 'fact', content: 'The staging cluster lives in Frankfurt' });
    const progress: number[] = [];
    const result = await reembedItems(database, foldedEmbedder, { batchSize: 1, onProgress: ({ done }) => progress.push(done) });
    expect(result).toEqual({ done: 1, total: 1 });
    expect(progress).toEqual([0, 1]);
    const [row] = await database.sql.query<{ embedder_id: string; dimension: number }>(
      'SELECT embedder_id, dimension FROM agentloom_vector.memory_embedding WHERE tenant_id = $1::uuid',
      tenant.id,
    );
    expect(row).toEqual({ embedder_id: 'folded-test/v1', dimension: 64 });
    const indexes = await database.sql.query<{ indexname: string }>(
      "SELECT indexname FROM pg_indexes WHERE schemaname = 'agentloom_vector' AND indexname LIKE 'memory_embedding_hnsw_%'",
    );
    expect(indexes.map((index) => index.indexname).sort()).toEqual(['memory_embedding_hnsw_384', 'memory_embedding_hnsw_64']);
    const hits = await new PrismaMemoryPort(database, { embedder: foldedEmbedder }).searchWith({ scope, text: 'staging cluster Frankfurt' }, 'vector');
    expect(hits.map((hit) => hit.item.content)).toEqual(['The staging cluster lives in Frankfurt']);
    expect(await reembedItems(database, foldedEmbedder)).toEqual({ done: 0, total: 0 });
  });
});
