import { rawSqlFor, type Prisma } from '@agentloom/db';

import type { ErasableReplay } from './refuse-active';

/**
 * Locks the replay runs of these evaluation cases (`FOR UPDATE`) and returns them with their status
 * and experiment, so the status the erase checks is the one it deletes: an executor claiming a
 * queued replay, or committing a step of a running one, either commits first (the erase then sees
 * the new status) or waits for the erase. No replay can be added meanwhile: starting an experiment
 * takes the erase fence (ADR 0040), which the erase holds.
 */
export function lockReplayRuns(transaction: Prisma.TransactionClient, tenantId: string, caseIds: readonly string[]): Promise<ErasableReplay[]> {
  if (caseIds.length === 0) return Promise.resolve([]);
  return rawSqlFor(transaction).query<ErasableReplay>(
    `SELECT run.id::text AS id, run.status::text AS status, result.experiment_id::text AS "experimentId"
       FROM eval_results result JOIN runs run ON run.id = result.run_id
      WHERE result.tenant_id = $1::uuid AND run.tenant_id = $1::uuid AND result.case_id = ANY($2::uuid[])
      ORDER BY run.created_at, run.id FOR UPDATE OF run`,
    tenantId,
    [...caseIds],
  );
}
