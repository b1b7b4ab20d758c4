import { rawSqlFor, type Prisma } from '@agentloom/db';

/** A run that an erase takes with it, and the status that decides whether it may. */
export interface ErasableRun {
  id: string;
  status: string;
}

/**
 * Locks the runs an erase removes (`FOR UPDATE`) and returns them: these runs and, when
 * `followDerived`, every run made from them, transitively. Retries, re-runs and forks start from a
 * copy of their origin's input (a fork also from its transcript), so they hold the content an erase
 * of the origin must remove. Runs of other tenants are never followed.
 *
 * A run made from a locked run references it, and its insert needs a share lock on it: it waits
 * until the erase ends and then fails, as its origin is gone. One made while the locks are being
 * taken commits before its origin's lock is granted, and the next pass finds it; once a pass finds
 * nothing new, no run can be made from the set until the erase commits.
 */
export async function lockErasableRuns(
  transaction: Prisma.TransactionClient,
  tenantId: string,
  runIds: readonly string[],
  options: { followDerived: boolean },
): Promise<ErasableRun[]> {
  if (runIds.length === 0) return [];
  const sql = rawSqlFor(transaction);
  const anchors = 'SELECT id FROM runs WHERE tenant_id = $1::uuid AND id = ANY($2::uuid[])';
  const derived = `WITH RECURSIVE derived(id) AS (
        ${anchors}
        UNION
        SELECT run.id FROM runs run JOIN derived
            ON run.retry_of_run_id = derived.id OR run.rerun_of_run_id = derived.id OR run.fork_of_run_id = derived.id
         WHERE run.tenant_id = $1::uuid)
      SELECT id FROM derived`;
  const lock = (ids: string) =>
    sql.query<ErasableRun>(
      `SELECT run.id::text AS id, run.status::text AS status FROM runs run
        WHERE run.tenant_id = $1::uuid AND run.id IN (${ids})
        ORDER BY run.created_at, run.id FOR UPDATE OF run`,
      tenantId,
      [...runIds],
    );
  if (!options.followDerived) return lock(anchors);
  let runs = await lock(derived);
  for (let found = -1; runs.length !== found;) {
    found = runs.length;
    runs = await lock(derived);
  }
  return runs;
}
