import { rawSqlFor, type Prisma } from '@agentloom/db';

import { appendRunEvents } from '../events/append-run-events';
import { runQueuedChannel } from '../events/run-event';

/**
 * Restarts the runs among `readerRunIds` that an executor is running now. Such a run holds the
 * erased (or forgotten) content in its executor's memory — its transcript, its summary — and would
 * write it back with its next step: a new summary, a memory it stores, a checkpoint. It is re-queued
 * as a lease recovery re-queues it (attempt + 1, lease cleared), so its executor's next fenced write
 * fails and that executor drops it, and the next claim resumes it from its last checkpoint, which
 * the erase has redacted. The restart does not count against the run's attempts (`max_attempts` + 1):
 * nothing failed.
 *
 * The model reply its tool ledger stored for a step left unfinished (`runs.in_flight_reply`, ADR 0085)
 * stays: the resumed step answers with it, so an unsafe call that was in flight keeps its id, is found
 * in the ledger and goes to an operator instead of running a second time. Where the reply quotes the
 * erased content its text is redacted with the reader's checkpoints (`redactReaderCheckpoints`).
 *
 * Call it before deleting or redacting anything: the run's row is locked here, so a step commit of
 * that run already under way commits first (and the erase then finds what it wrote), and one that
 * starts later waits for the erase and fails its fence. Taken after the memory rows were deleted,
 * the lock would wait on a step commit that waits on those rows.
 */
export async function restartRunningReaders(transaction: Prisma.TransactionClient, tenantId: string, readerRunIds: readonly string[]): Promise<number> {
  if (readerRunIds.length === 0) return 0;
  const restarted = await rawSqlFor(transaction).query<{ id: string }>(
    `UPDATE runs SET status = 'queued', attempt = attempt + 1, max_attempts = max_attempts + 1,
            lease_owner = NULL, lease_expires_at = NULL, updated_at = now()
      WHERE tenant_id = $1::uuid AND id = ANY($2::uuid[]) AND status = 'running'
      RETURNING id::text AS id`,
    tenantId,
    [...readerRunIds],
  );
  for (const { id } of restarted) {
    await appendRunEvents(transaction, { id, tenantId }, [{ type: 'run-queued', payload: { reason: 'content erased' } }]);
    await rawSqlFor(transaction).execute('SELECT pg_notify($1, $2)', runQueuedChannel, id);
  }
  return restarted.length;
}
