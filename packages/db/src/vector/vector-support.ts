import type { SqlDriver } from '../migrations/sql-driver';

export interface VectorSupport {
  available: boolean;
  /** Installed pgvector version, when available. */
  version: string | null;
  /** What to do about it, when unavailable. */
  fix: string | null;
}

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
