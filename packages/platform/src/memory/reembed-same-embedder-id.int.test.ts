import { randomUUID } from 'node:crypto';

import { openDatabase, type Database } from '@agentloom/db';
import { createTestDatabaseConfig } from '@agentloom/db/testing';
import { HashingEmbedder, type Embedder } from '@agentloom/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { PrismaMemoryPort } from './prisma-memory-port';
import { reembedItems } from './reembed-items';

/**
 * Two models behind one embedder id (an `openai:<model>` asked for another vector length, a model
 * directory replaced in place): the id alone says "already embedded", yet the stored vectors have the
 * old length and search (which filters on id and dimension) never compares a query with them again.
 */
const sharedId = 'same-id-test/v1';
const hashing = new HashingEmbedder();
const oldModel: Embedder = { id: sharedId, dimension: hashing.dimension, embed: (texts) => hashing.embed(texts) };
const newModel: Embedder = {
  id: sharedId,
  dimension: 64,
  embed: async (texts) =>
    (await hashing.embed(texts)).map((vector) => {
      const folded = new Array<number>(64).fill(0);
      vector.forEach((value, index) => (folded[index % 64] = (folded[index % 64] ?? 0) + value));
      const norm = Math.sqrt(folded.reduce((sum, value) => sum + value * value, 0)) || 1;
      return folded.map((value) => value / norm);
    }),
};

describe('re-embedding with an embedder of the same id and another dimension (embedded, pgvector)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase((await createTestDatabaseConfig('embedded')).config);
  });
  afterAll(() => database?.close());

  it('moves the items whose stored dimension differs, and vector search finds them again', async () => {
    const tenant = await database.prisma.tenant.create({ data: { slug: `same-id-${randomUUID()}`, name: 's' } });
    const scope = { tenantId: tenant.id, agentId: 'agent' };
    await new PrismaMemoryPort(database, { embedder: oldModel }).store({ scope, kind: 'fact', content: 'The staging cluster lives in Frankfurt' });
    const searchWithNewModel = () => new PrismaMemoryPort(database, { embedder: newModel }).searchWith({ scope, text: 'staging cluster Frankfurt' }, 'vector');
    expect(await searchWithNewModel()).toEqual([]);

    expect(await reembedItems(database, newModel)).toEqual({ done: 1, total: 1 });
    const rows = await database.sql.query<{ embedder_id: string; dimension: number }>(
      'SELECT embedder_id, dimension FROM agentloom_vector.memory_embedding WHERE tenant_id = $1::uuid',
      tenant.id,
    );
    expect(rows).toEqual([{ embedder_id: sharedId, dimension: 64 }]);
    expect((await searchWithNewModel()).map((hit) => hit.item.content)).toEqual(['The staging cluster lives in Frankfurt']);
    // Done means done: a second run finds nothing left to move.
    expect(await reembedItems(database, newModel)).toEqual({ done: 0, total: 0 });
  });
});
