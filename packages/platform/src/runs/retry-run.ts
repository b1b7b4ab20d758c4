import type { Database } from '@agentloom/db';

import type { Principal } from '../auth/roles';
import { parseInput } from '../validation/parse-input';
import { insertRun } from './insert-run';
import { isUniqueViolation } from './unique-violation';
import { loadOriginRun, resolveRepeatVersion } from './load-origin-run';
import { retryRunInputSchema } from './run-repeat.schema';
import { archivedThreadRefusal, repeatRefusalError, retryStatusRefusal } from './run-repeat-rules';

/**
 * Retries a failed or cancelled run as a NEW run (ADR 0029): same agent version, same input, same
 * thread, linked by `retry_of_run_id`. The failed run stays as it ended — its events, checkpoints
 * and tool ledger remain the truthful record of what that run did. A run is retried once: asking
 * again returns the existing retry (`created: false`), so a double click makes one run; to try a
 * third time, retry the retry.
 * @throws DomainError `conflict` on `runId` for a run that has not failed or been cancelled;
 *   `validation` on `runId` when its agent or its thread is archived (run-repeat-rules.ts).
 */
export async function retryRun(database: Database, principal: Principal, rawInput: unknown): Promise<{ runId: string; created: boolean }> {
  const { runId } = parseInput(retryRunInputSchema, rawInput);
  const origin = await loadOriginRun(database, principal.tenantId, runId);
  if (origin.retryRunId) return { runId: origin.retryRunId, created: false };
  const statusRefusal = retryStatusRefusal(runId, origin.status);
  if (statusRefusal) throw repeatRefusalError(statusRefusal);
  const agentVersion = await resolveRepeatVersion(database, principal.tenantId, origin, undefined);
  if (origin.threadId) await assertThreadOpen(database, origin.threadId);
  try {
    const { id: newRunId } = await insertRun(database.statements, principal, {
      input: {
        agentId: origin.agentId,
        agentVersion: agentVersion.version,
        input: origin.inputText,
        ...(origin.threadId ? { threadId: origin.threadId } : {}),
      },
      requestHash: null,
      origin: { kind: 'retry', runId },
    });
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

async function assertThreadOpen(database: Database, threadId: string): Promise<void> {
  const thread = await database.prisma.thread.findUnique({ where: { id: threadId }, select: { archivedAt: true } });
  if (thread?.archivedAt) throw repeatRefusalError(archivedThreadRefusal(threadId));
}
