import type { PrismaClient } from '@agentloom/db';

import { appendRunEvents } from '../events/append-run-events';
import { runQueuedChannel } from '../events/run-event';
import { closeLeftoverToolCalls } from './engine/close-leftover-tool-calls';

export interface RecoveredRun {
  runId: string;
  /** `queued` to resume from the last checkpoint, or `failed` after too many attempts. */
  outcome: 'queued' | 'failed';
  attempt: number;
  /** How long the lease had been expired when it was recovered. */
  expiredForMs: number;
}

/**
 * Finds runs whose executor stopped renewing its lease (crash, kill -9, network partition) and
 * re-queues them with `attempt + 1`, or fails them once `max_attempts` is reached. A recovered run
 * keeps its original queue time, so it is claimed before runs that were queued after it.
 */
export async function recoverExpiredLeases(prisma: PrismaClient, limit = 100): Promise<RecoveredRun[]> {
  return prisma.$transaction(async (transaction) => {
    const rows = await transaction.$queryRawUnsafe<
      { id: string; tenant_id: string; status: 'queued' | 'failed'; attempt: number; previous_owner: string | null; expired_for_ms: number }[]
    >(
      `WITH expired AS (
         SELECT id, lease_owner, lease_expires_at FROM runs
          WHERE status = 'running' AND lease_expires_at < now()
          ORDER BY lease_expires_at LIMIT $1 FOR UPDATE SKIP LOCKED)
       UPDATE runs AS run
          SET status = (CASE WHEN run.attempt >= run.max_attempts THEN 'failed' ELSE 'queued' END)::"RunStatus",
              attempt = CASE WHEN run.attempt >= run.max_attempts THEN run.attempt ELSE run.attempt + 1 END,
              error_kind = CASE WHEN run.attempt >= run.max_attempts THEN 'attempts-exhausted' ELSE run.error_kind END,
              error_message = CASE WHEN run.attempt >= run.max_attempts
                THEN 'The executor running this run stopped ' || run.attempt || ' times (lease expired); giving up'
                ELSE run.error_message END,
              finished_at = CASE WHEN run.attempt >= run.max_attempts THEN now() ELSE NULL END,
              lease_owner = NULL, lease_expires_at = NULL, updated_at = now()
         FROM expired
        WHERE run.id = expired.id
    RETURNING run.id, run.tenant_id, run.status::text AS status, run.attempt, expired.lease_owner AS previous_owner,
              (EXTRACT(EPOCH FROM (now() - expired.lease_expires_at)) * 1000)::float8 AS expired_for_ms`,
      limit,
    );
    for (const row of rows) {
      const run = { id: row.id, tenantId: row.tenant_id };
      const recovered = { type: 'run-recovered', payload: { previousExecutor: row.previous_owner, attempt: row.attempt, outcome: row.status } };
      const events =
        row.status === 'failed'
          ? [recovered, ...(await closeLeftoverToolCalls(transaction, run, row.attempt, 'failed')), { type: 'run-finished', payload: { status: 'failed', reason: 'attempts exhausted' } }]
          : [recovered, { type: 'run-queued', payload: { reason: 'lease expired' } }];
      await appendRunEvents(transaction, run, events);
      if (row.status === 'queued') await transaction.$executeRawUnsafe('SELECT pg_notify($1, $2)', runQueuedChannel, row.id);
    }
    return rows.map((row) => ({ runId: row.id, outcome: row.status, attempt: row.attempt, expiredForMs: row.expired_for_ms }));
  });
}
