import { rawSqlFor, type Database } from '@agentloom/db';

/**
 * The hand-written pgvector query our search is compared with: tenant-filtered top-k by cosine
 * distance, with the HNSW index (iterative scan) or, for ground truth, an exact scan.
 */
export async function rawVectorSearch(database: Database, tenantId: string, vector: readonly number[], k: number, exact: boolean): Promise<string[]> {
  return database.prisma.$transaction(async (transaction) => {
    const sql = rawSqlFor(transaction);
    if (exact) await sql.execute('SET LOCAL enable_indexscan = off');
    else await sql.execute('SET LOCAL hnsw.iterative_scan = relaxed_order');
    const rows = await sql.query<{ id: string }>(
      `SELECT memory_item_id::text AS id FROM agentloom_vector.memory_embedding
        WHERE dimension = 384 AND tenant_id = $1::uuid
        ORDER BY (embedding::vector(384)) <=> $2::vector(384) LIMIT $3`,
      tenantId,
      `[${vector.join(',')}]`,
      k,
    );
    return rows.map((row) => row.id);
  });
}
