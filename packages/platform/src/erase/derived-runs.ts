import { rawSqlFor, type Prisma } from '@agentloom/db';

/** A run that an erase takes with it, and the status that decides whether it may. */
export interface ErasableRun {
  id: string;
  status: string;
}

/**
 * These runs and every run made from them, transitively: retries, re-runs and forks start from a
 * copy of their origin's input (a fork also from its transcript), so they hold the content an erase
 * of the origin must remove. Runs of other tenants are never followed.
 */
export function withDerivedRuns(transaction: Prisma.TransactionClient, tenantId: string, runIds: readonly string[]): Promise<ErasableRun[]> {
  if (runIds.length === 0) return Promise.resolve([]);
  return rawSqlFor(transaction).query<ErasableRun>(
    `WITH RECURSIVE derived(id) AS (
        SELECT id FROM runs WHERE tenant_id = $1::uuid AND id = ANY($2::uuid[])
        UNION
        SELECT run.id FROM runs run JOIN derived
            ON run.retry_of_run_id = derived.id OR run.rerun_of_run_id = derived.id OR run.fork_of_run_id = derived.id
         WHERE run.tenant_id = $1::uuid)
      SELECT run.id::text AS id, run.status::text AS status FROM runs run JOIN derived ON run.id = derived.id
       ORDER BY run.created_at, run.id`,
    tenantId,
    [...runIds],
  );
}
