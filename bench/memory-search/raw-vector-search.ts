import type { Database } from '@agentloom/db';

/**
 * The hand-written pgvector query our search is compared with: tenant-filtered top-k by cosine
 * distance, one statement. `index` orders by the indexed expression, so the HNSW index serves it
 * (with the session's `hnsw.iterative_scan`, see packages/db); `exact` adds `+ 0`, which the index
 * cannot serve, so Postgres scans the tenant's vectors and sorts them — the ground truth.
 */
export async function rawVectorSearch(database: Database, tenantId: string, vector: readonly number[], k: number, scan: 'exact' | 'index'): Promise<string[]> {
  const dimension = vector.length;
  if (!Number.isInteger(dimension) || dimension <= 0) throw new Error(`Invalid query vector length ${dimension}`);
  const distance = `(embedding::vector(${dimension})) <=> $2::vector(${dimension})`;
  const rows = await database.sql.query<{ id: string }>(
    `SELECT memory_item_id::text AS id FROM agentloom_vector.memory_embedding
      WHERE dimension = ${dimension} AND tenant_id = $1::uuid
      ORDER BY ${scan === 'exact' ? `(${distance}) + 0` : distance} LIMIT $3`,
    tenantId,
    `[${vector.join(',')}]`,
    k,
  );
  return rows.map((row) => row.id);
}
