import { preparedStatement, preparedStatementText, queryRows, type StatementRunner } from '@agentloom/db';

import { LeaseLostError } from './lease-lost-error';

const lockFence = preparedStatementText(
  `SELECT cancel_requested_at IS NOT NULL AS cancel_requested FROM runs
    WHERE id = $1::uuid AND lease_owner = $2 AND attempt = $3 AND status = 'running' FOR UPDATE`,
);

/**
 * Locks the run row for the rest of the transaction after checking this executor still holds its
 * lease for this attempt. Every write an executor makes for a run starts with this, so a zombie
 * cannot commit — including a stale attempt in the same executor: when a lease expires and the
 * same executor re-claims the run, only the attempt number tells the old processing from the new.
 */
export async function fenceRun(transaction: StatementRunner, run: { id: string; attempt: number }, owner: string): Promise<{ cancelRequested: boolean }> {
  const rows = await queryRows<{ cancel_requested: boolean }>(transaction, lockFence, [run.id, owner, run.attempt]);
  const row = rows[0];
  if (!row) throw new LeaseLostError(run.id);
  return { cancelRequested: row.cancel_requested };
}

const readFence = preparedStatement(
  `SELECT cancel_requested_at IS NOT NULL AS cancel_requested FROM runs
    WHERE id = $1::uuid AND lease_owner = $2 AND attempt = $3 AND status = 'running'`,
);

/**
 * The same check as one plain read, for a point that writes nothing (before a model call): no
 * transaction and no row lock, one round trip. A lock held only until an immediate COMMIT would
 * add no guarantee — a cancel committing just after either check is caught by the cancel
 * notification aborting the call — so the row lock is kept for the statements that write.
 */
export async function readRunFence(runner: StatementRunner, run: { id: string; attempt: number }, owner: string): Promise<{ cancelRequested: boolean }> {
  const rows = await queryRows<{ cancel_requested: boolean }>(runner, readFence, [run.id, owner, run.attempt]);
  const row = rows[0];
  if (!row) throw new LeaseLostError(run.id);
  return { cancelRequested: row.cancel_requested };
}
