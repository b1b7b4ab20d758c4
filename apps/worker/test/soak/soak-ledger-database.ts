import type { BasicToolContext } from '@agentloom/runtime';
import pg from 'pg';

/**
 * The database connection the soak and chaos tool modules write their side effects through (the
 * worker's own DATABASE_URL), opened on first use inside each worker process.
 */
let pool: pg.Pool | undefined;

export function soakDatabase(): pg.Pool {
  if (!pool) {
    pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 4 });
    // A server restart kills idle clients; the pool replaces them, the process must not crash.
    pool.on('error', () => undefined);
  }
  return pool;
}

/** One row in `soak_ledger` per execution, keyed by the call's idempotency key: a repeated effect shows as a duplicate. */
export async function recordSoakEffect(context: BasicToolContext, entry: number): Promise<void> {
  await soakDatabase().query('INSERT INTO soak_ledger (run_id, idempotency_key, entry, worker_pid) VALUES ($1, $2, $3, $4)', [
    context.instanceId,
    context.idempotencyKey,
    entry,
    process.pid,
  ]);
}
