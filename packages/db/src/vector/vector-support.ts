import type { SqlDriver } from '../migrations/sql-driver';

export interface VectorSupport {
  available: boolean;
  /** Installed pgvector version, when available. */
  version: string | null;
  /** What to do about it, when unavailable. */
  fix: string | null;
}

/**
 * Session settings for vector search, applied to every connection when it opens (PGlite: its one
 * session; server: the pool's startup options). `hnsw.iterative_scan` (pgvector ≥ 0.8) lets an HNSW
 * scan keep going past neighbours that a tenant or scope filter rejects, so a filtered top-k is not
 * starved; `hnsw.ef_search` widens the candidate list for recall (bench/memory-search). Set per
 * session rather than `SET LOCAL` per query, a search needs no transaction and no extra round trips.
 * Where pgvector is missing the names are plain placeholders and change nothing.
 */
export const vectorSearchSessionSettings: readonly (readonly [name: string, value: string])[] = [
  ['hnsw.iterative_scan', 'relaxed_order'],
  ['hnsw.ef_search', '100'],
];

export const vectorUnavailableFix =
  'pgvector is not installed on this Postgres server, so memory search uses full-text only. ' +
  'Use the pgvector/pgvector image from docker/compose.yaml, or install the extension (e.g. apt install postgresql-<version>-pgvector) and restart AgentLoom.';

/**
 * Creates the vector objects when the server offers pgvector (the migration does the same once;
 * calling it at every start picks up an extension installed later) and reports what is there.
 * `agentloom_ensure_vector_support()` is defined by the migrations.
 */
export async function ensureVectorSupport(driver: SqlDriver): Promise<VectorSupport> {
  await driver.query('SELECT agentloom_ensure_vector_support()');
  const rows = await driver.query<{ extversion: string }>(
    "SELECT extversion FROM pg_extension WHERE extname = 'vector'",
  );
  const version = rows[0]?.extversion ?? null;
  return version
    ? { available: true, version, fix: null }
    : { available: false, version: null, fix: vectorUnavailableFix };
}
