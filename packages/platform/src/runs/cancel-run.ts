import type { Database, Prisma } from '@agentloom/db';

import { recordAudit } from '../audit/record-audit';
import type { Principal } from '../auth/roles';
import { DomainError } from '../errors/domain-error';
import { appendRunEvents } from '../events/append-run-events';
import { runCancelChannel } from '../events/run-event';
import { closeCancelledRunCalls } from '../execution/close-cancelled-run-calls';
import { terminalRunStatuses, type RunStatus } from './run.schema';

/** Who cancels: an API key, or the platform itself (a schedule's cancel-previous overlap policy). */
export type CancelActor = Principal | { tenantId: string; system: string };

/**
 * Cancels a run. Queued and waiting runs end at once; a running run gets its cancel flag set and
 * its executor is told (NOTIFY) to abort the in-flight model or tool call and end it `cancelled`.
 * Returns whether the run ended here (false: its executor ends it).
 */
export async function cancelRun(database: Database, principal: Principal, runId: string): Promise<{ ended: boolean }> {
  return database.prisma.$transaction((transaction) => cancelRunInTransaction(transaction, principal, runId));
}

/** The cancel inside the caller's transaction (the scheduler cancels the previous run in the transaction that fires the next). */
export async function cancelRunInTransaction(transaction: Prisma.TransactionClient, actor: CancelActor, runId: string): Promise<{ ended: boolean }> {
  const rows = await transaction.$queryRawUnsafe<{ status: RunStatus; cancel_requested_at: Date | null }[]>(
    'SELECT status, cancel_requested_at FROM runs WHERE id = $1::uuid AND tenant_id = $2::uuid FOR UPDATE',
    runId,
    actor.tenantId,
  );
  const status = rows[0]?.status;
  if (!status) throw new DomainError('not-found', `Run ${runId} not found`, 'runId');
  if (terminalRunStatuses.includes(status)) throw new DomainError('conflict', `Run ${runId} already ended (${status})`, 'runId');
  const run = { id: runId, tenantId: actor.tenantId };
  const by = 'system' in actor ? actor.system : actor.apiKeyName;
  const now = new Date();
  if (status === 'running' && rows[0]?.cancel_requested_at) {
    // Asked already: the first request's time, event and audit entry stand (a cancel is one state change,
    // however many clients press the button). Its executor is told again, in case it missed the first word.
    await transaction.$executeRawUnsafe('SELECT pg_notify($1, $2)', runCancelChannel, runId);
    return { ended: false };
  }
  if (status === 'running') {
    await transaction.run.update({ where: { id: runId }, data: { cancelRequestedAt: now } });
    await appendRunEvents(transaction, run, [{ type: 'run-cancel-requested', payload: { by } }]);
    await transaction.$executeRawUnsafe('SELECT pg_notify($1, $2)', runCancelChannel, runId);
  } else {
    await transaction.run.update({
      where: { id: runId },
      data: { status: 'cancelled', cancelRequestedAt: now, finishedAt: now, leaseOwner: null, leaseExpiresAt: null, wakeAt: null, budgetResumeAt: null },
    });
    await appendRunEvents(transaction, run, [
      { type: 'run-cancel-requested', payload: { by } },
      ...(await closeCancelledRunCalls(transaction, run, null)),
      { type: 'run-finished', payload: { status: 'cancelled', reason: 'Cancelled before it ran again' } },
    ]);
  }
  await recordAudit(transaction, actor, { action: 'run.cancel', targetType: 'run', targetId: runId, before: { status } });
  return { ended: status !== 'running' };
}
