import type { PrismaClient } from '@agentloom/db';

import { appendRunEvents } from '../events/append-run-events';
import { runQueuedChannel } from '../events/run-event';
import { closeCancelledRunCalls } from './close-cancelled-run-calls';
import { closeLeftoverToolCalls } from './engine/close-leftover-tool-calls';

export interface RecoveredRun {
  runId: string;
  /**
   * `queued` to resume from the last checkpoint, `failed` after too many attempts, `cancelled` when
   * the run's cancel had committed (cancel wins over resuming it).
   */
  outcome: 'queued' | 'failed' | 'cancelled';
  attempt: number;
  /** How long the lease had been expired when it was recovered (0 for a queued run ended by its cancel). */
  expiredForMs: number;
}

/** Why a recovered run ended `cancelled`; also on `error_message`. */
const cancelledMessage = 'The run was cancelled; its executor stopped before it could end the run';

/**
 * Finds runs whose executor stopped renewing its lease (crash, kill -9, network partition) and
 * re-queues them with `attempt + 1`, or fails them once `max_attempts` is reached. A recovered run
 * keeps its original queue time, so it is claimed before runs that were queued after it.
 *
 * Cancel wins: a run whose cancel has committed is never re-queued. It ends `cancelled` here (also a
 * queued one, which claims skip). Whenever a run ends here (cancelled or out of attempts), the tool
 * calls its dead executor left `running` are closed `abandoned` — their outcome is unknown, and
 * nothing will run them again — and unknown outcomes get an operator question (a cancelled run's
 * pending questions are withdrawn instead).
 */
export async function recoverExpiredLeases(prisma: PrismaClient, limit = 100): Promise<RecoveredRun[]> {
  return prisma.$transaction(async (transaction) => {
    const rows = await transaction.$queryRawUnsafe<
      { id: string; tenant_id: string; status: RecoveredRun['outcome']; attempt: number; previous_owner: string | null; expired_for_ms: number }[]
    >(
      `WITH expired AS (
         SELECT id, lease_owner, lease_expires_at, cancel_requested_at IS NOT NULL AS cancelled FROM runs
          WHERE (status = 'running' AND lease_expires_at < now()) OR (status = 'queued' AND cancel_requested_at IS NOT NULL)
          ORDER BY lease_expires_at NULLS FIRST LIMIT $1 FOR UPDATE SKIP LOCKED)
       UPDATE runs AS run
          SET status = (CASE WHEN expired.cancelled THEN 'cancelled' WHEN run.attempt >= run.max_attempts THEN 'failed' ELSE 'queued' END)::"RunStatus",
              attempt = CASE WHEN expired.cancelled OR run.attempt >= run.max_attempts THEN run.attempt ELSE run.attempt + 1 END,
              error_kind = CASE WHEN expired.cancelled THEN 'aborted' WHEN run.attempt >= run.max_attempts THEN 'attempts-exhausted' ELSE run.error_kind END,
              error_message = CASE WHEN expired.cancelled THEN $2
                WHEN run.attempt >= run.max_attempts
                THEN 'The executor running this run stopped ' || run.attempt || ' times (lease expired); giving up'
                ELSE run.error_message END,
              finished_at = CASE WHEN expired.cancelled OR run.attempt >= run.max_attempts THEN now() ELSE NULL END,
              lease_owner = NULL, lease_expires_at = NULL, updated_at = now()
         FROM expired
        WHERE run.id = expired.id
    RETURNING run.id, run.tenant_id, run.status::text AS status, run.attempt, expired.lease_owner AS previous_owner,
              COALESCE(EXTRACT(EPOCH FROM (now() - expired.lease_expires_at)) * 1000, 0)::float8 AS expired_for_ms`,
      limit,
      cancelledMessage,
    );
    for (const row of rows) {
      const run = { id: row.id, tenantId: row.tenant_id };
      const recovered = { type: 'run-recovered', payload: { previousExecutor: row.previous_owner, attempt: row.attempt, outcome: row.status } };
      const events =
        row.status === 'cancelled'
          ? [recovered, { type: 'run-finished', payload: { status: 'cancelled', reason: 'cancelled', errorKind: 'aborted', message: cancelledMessage } }]
          : row.status === 'failed'
            ? [recovered, { type: 'run-finished', payload: { status: 'failed', reason: 'attempts exhausted' } }]
            : [recovered, { type: 'run-queued', payload: { reason: 'lease expired' } }];
      // A run that ends here leaves no call open: its dead executor's `running` calls are closed
      // (outcome unknown), unknown outcomes get an operator question.
      const closing =
        row.status === 'queued' ? [] : row.status === 'cancelled' ? await closeCancelledRunCalls(transaction, run, row.attempt) : await closeLeftoverToolCalls(transaction, run, row.attempt, row.status);
      await appendRunEvents(transaction, run, [...events.slice(0, 1), ...closing, ...events.slice(1)]);
      if (row.status === 'queued') await transaction.$executeRawUnsafe('SELECT pg_notify($1, $2)', runQueuedChannel, row.id);
    }
    return rows.map((row) => ({ runId: row.id, outcome: row.status, attempt: row.attempt, expiredForMs: row.expired_for_ms }));
  });
}
