import { preparedStatement, queryRows, type StatementRunner } from '@agentloom/db';

export interface LeaseRenewal {
  /** Runs whose lease was extended. */
  held: Set<string>;
  /** Held runs whose cancellation was requested. */
  cancelRequested: Set<string>;
}

// Rows are locked in id order first (the CTE's LockRows sits above its sort): an UPDATE over
// `id = ANY(…)` locks in scan order, which changes as row versions move, and renewals locking in
// different orders deadlocked under load. The shared finish (ADR 0069) locks in the same order.
// The UPDATE repeats the lease test: the CTE's rows are re-checked when locked, and the UPDATE
// reads the locked version, so a run taken over meanwhile is not renewed.
const renewStatement = preparedStatement(
  `WITH locked AS (
     SELECT id FROM runs WHERE id = ANY($2::uuid[]) AND lease_owner = $1 AND status = 'running' ORDER BY id FOR UPDATE
   )
   UPDATE runs SET lease_expires_at = now() + make_interval(secs => $3::double precision / 1000), heartbeat_at = now()
     FROM locked
    WHERE runs.id = locked.id AND runs.lease_owner = $1 AND runs.status = 'running'
   RETURNING runs.id, runs.cancel_requested_at IS NOT NULL AS cancel_requested`,
);

/**
 * Extends the leases this executor still holds; a run missing from `held` was lost and must be
 * dropped. One statement through the driver (ADR 0081): a Prisma interactive
 * transaction here waited for a pool connection and a transaction slot with Prisma's 2 s / 5 s limits,
 * so under heavy load renewals failed one after another until leases expired under live runs.
 */
export async function renewLeases(runner: StatementRunner, owner: string, runIds: readonly string[], leaseMs: number): Promise<LeaseRenewal> {
  if (runIds.length === 0) return { held: new Set(), cancelRequested: new Set() };
  const rows = await queryRows<{ id: string; cancel_requested: boolean }>(runner, renewStatement, [owner, runIds, leaseMs]);
  return {
    held: new Set(rows.map((row) => row.id)),
    cancelRequested: new Set(rows.filter((row) => row.cancel_requested).map((row) => row.id)),
  };
}
