import type { Prisma } from '@agentloom/db';

import { LeaseLostError } from './lease-lost-error';

/**
 * Locks the run row for the rest of the transaction after checking this executor still holds its
 * lease. Every write an executor makes for a run starts with this, so a zombie cannot commit.
 */
export async function fenceRun(transaction: Prisma.TransactionClient, runId: string, owner: string): Promise<{ cancelRequested: boolean }> {
  const rows = await transaction.$queryRawUnsafe<{ cancel_requested: boolean }[]>(
    `SELECT cancel_requested_at IS NOT NULL AS cancel_requested FROM runs
      WHERE id = $1::uuid AND lease_owner = $2 AND status = 'running' FOR UPDATE`,
    runId,
    owner,
  );
  const row = rows[0];
  if (!row) throw new LeaseLostError(runId);
  return { cancelRequested: row.cancel_requested };
}
