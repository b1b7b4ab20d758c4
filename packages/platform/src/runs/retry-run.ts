import type { Database } from '@agentloom/db';

import type { Principal } from '../auth/roles';
import { reopenBatch } from '../batches/batch-sql';
import { parseInput } from '../validation/parse-input';
import { insertRun, type RunInsert } from './insert-run';
import { isUniqueViolation } from './unique-violation';
import { loadOriginRun, resolveRepeatVersion } from './load-origin-run';
import { retryRunInputSchema } from './run-repeat.schema';
import { archivedThreadRefusal, cancelledBatchRefusal, repeatRefusalError, retryStatusRefusal } from './run-repeat-rules';

/**
 * Retries a failed or cancelled run as a NEW run (ADR 0029): same agent version, same input, same
 * thread, linked by `retry_of_run_id`. The failed run stays as it ended — its events, checkpoints
 * and tool ledger remain the truthful record of what that run did. A run is retried once: asking
 * again returns the existing retry (`created: false`), so a double click makes one run; to try a
 * third time, retry the retry. The retry of a batch item stays in its batch (ADR 0049), as the
 * batch's own retry of failed items does.
 * @throws DomainError `conflict` on `runId` for a run that has not failed or been cancelled, or an
 *   item of a cancelled batch; `validation` on `runId` when its agent or its thread is archived
 *   (run-repeat-rules.ts); `not-found` on `runId` for an unknown run, or one an erase took while
 *   the retry waited for it (insertRun share-locks the origin; ADR 0104).
 */
export async function retryRun(database: Database, principal: Principal, rawInput: unknown): Promise<{ runId: string; created: boolean }> {
  const { runId } = parseInput(retryRunInputSchema, rawInput);
  const origin = await loadOriginRun(database, principal.tenantId, runId);
  if (origin.retryRunId) return { runId: origin.retryRunId, created: false };
  const statusRefusal = retryStatusRefusal(runId, origin.status);
  if (statusRefusal) throw repeatRefusalError(statusRefusal);
  const agentVersion = await resolveRepeatVersion(database, principal.tenantId, origin, undefined);
  if (origin.threadId) await assertThreadOpen(database, origin.threadId);
  const values: RunInsert = {
    input: {
      agentId: origin.agentId,
      agentVersion: agentVersion.version,
      input: origin.inputText,
      ...(origin.threadId ? { threadId: origin.threadId } : {}),
    },
    requestHash: null,
    origin: { kind: 'retry', runId },
  };
  try {
    const { id: newRunId } = origin.batch
      ? await insertBatchItemRetry(database, principal, runId, origin.batch, values)
      : await insertRun(database.statements, principal, values);
    return { runId: newRunId, created: true };
  } catch (error) {
    // Two retries raced past the lookup; the unique retry_of_run_id let one through.
    if (isUniqueViolation(error)) {
      const again = await loadOriginRun(database, principal.tenantId, runId);
      if (again.retryRunId) return { runId: again.retryRunId, created: false };
    }
    throw error;
  }
}

/**
 * The retry of a batch item is the item's next run: it carries the item's `batch_id`/`batch_item`, so
 * the batch counts, exports, caps, cancels and retries it like its other items. Written under the
 * batch row's lock after reopening the batch (a completed batch has left the claim's lookup), and
 * refused when the batch was cancelled; a refusal or a failed insert rolls the reopening back.
 */
async function insertBatchItemRetry(database: Database, principal: Principal, runId: string, batch: { id: string; item: number }, values: RunInsert) {
  return database.prisma.$transaction(async (transaction) => {
    if (!(await reopenBatch(transaction, batch.id, principal.tenantId))) throw repeatRefusalError(cancelledBatchRefusal(runId, batch.id));
    return insertRun(transaction, principal, { ...values, batch });
  });
}

async function assertThreadOpen(database: Database, threadId: string): Promise<void> {
  const thread = await database.prisma.thread.findUnique({ where: { id: threadId }, select: { archivedAt: true } });
  if (thread?.archivedAt) throw repeatRefusalError(archivedThreadRefusal(threadId));
}
