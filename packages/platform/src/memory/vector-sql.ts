import type { RawSql } from '@agentloom/db';

/** pgvector's text form, bound as a parameter and cast with `::vector`. */
export function vectorLiteral(vector: readonly number[]): string {
  return `[${vector.join(',')}]`;
}

/**
 * The dimension is interpolated into DDL and casts (a type modifier cannot be a bound parameter),
 * so it must be a plain positive integer.
 */
export function checkedDimension(dimension: number): number {
  if (!Number.isInteger(dimension) || dimension <= 0 || dimension > 16_000) throw new Error(`Invalid embedding dimension ${dimension}`);
  return dimension;
}

/**
 * One partial HNSW index per dimension (ADR 0003): vectors of every embedder share one table, and a
 * query for dimension N uses the index whose predicate is `dimension = N` by casting to vector(N).
 * pgvector's HNSW only indexes up to 2,000 dimensions; larger embedders are searched exactly.
 */
export async function ensureDimensionIndex(sql: RawSql, dimension: number): Promise<void> {
  const checked = checkedDimension(dimension);
  if (checked > 2_000) return;
  await sql.execute(
    `CREATE INDEX IF NOT EXISTS memory_embedding_hnsw_${checked} ON agentloom_vector.memory_embedding ` +
      `USING hnsw ((embedding::vector(${checked})) vector_cosine_ops) WHERE dimension = ${checked}`,
  );
}
