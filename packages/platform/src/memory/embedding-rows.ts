import type { RawSql } from '@agentloom/db';

import { checkedDimension, vectorLiteral } from './vector-sql';

export interface EmbeddingRow {
  memoryItemId: string;
  tenantId: string;
  embedderId: string;
  vector: readonly number[];
}

/** A zero vector has no direction: cosine distance to it is undefined, so it is not stored. */
export function isZeroVector(vector: readonly number[]): boolean {
  return vector.every((value) => value === 0);
}

/**
 * Writes (or replaces) an item's vector and records the embedder on the item, in the caller's
 * transaction. A zero vector (text without content words) removes the item's vector instead; the
 * item stays findable by full-text search.
 */
export async function writeEmbedding(sql: RawSql, row: EmbeddingRow): Promise<void> {
  if (isZeroVector(row.vector)) {
    await sql.execute('DELETE FROM agentloom_vector.memory_embedding WHERE memory_item_id = $1::uuid', row.memoryItemId);
    await sql.execute('UPDATE memory_items SET embedder_id = NULL, embedding_dimension = NULL WHERE id = $1::uuid', row.memoryItemId);
    return;
  }
  const dimension = checkedDimension(row.vector.length);
  await sql.execute(
    `INSERT INTO agentloom_vector.memory_embedding (memory_item_id, tenant_id, embedder_id, dimension, embedding)
     VALUES ($1::uuid, $2::uuid, $3, $4, $5::vector)
     ON CONFLICT (memory_item_id) DO UPDATE SET embedder_id = EXCLUDED.embedder_id, dimension = EXCLUDED.dimension, embedding = EXCLUDED.embedding`,
    row.memoryItemId,
    row.tenantId,
    row.embedderId,
    dimension,
    vectorLiteral(row.vector),
  );
  await sql.execute('UPDATE memory_items SET embedder_id = $2, embedding_dimension = $3 WHERE id = $1::uuid', row.memoryItemId, row.embedderId, dimension);
}
