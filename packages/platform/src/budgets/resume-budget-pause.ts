import type { Database, Prisma } from '@agentloom/db';
import type { RunBudget } from '../runs/run-view';

import { recordAudit } from '../audit/record-audit';
import type { Principal } from '../auth/roles';
import { DomainError } from '../errors/domain-error';
import { appendRunEvents } from '../events/append-run-events';
import { runQueuedChannel } from '../events/run-event';
import { PrismaBudgetGuard } from './prisma-budget-guard';

export const nothingPending = { inputTokens: 0, outputTokens: 0 };

/**
 * An operator resumes a run paused by a spent budget (ADR 0057). Under the run row's lock (the order
 * cancels and step commits use), so of two concurrent resumes exactly one wins and the other gets 409:
 * the winner clears `budget_pause` and sets `wake_at = now()`, and the claim (ADR 0044) wakes the
 * run once. The budget is checked again first: a run still over a budget is refused (409, naming the
 * budget) rather than woken to pause again at once. The engine checks again at its step boundary.
 */
export async function resumeBudgetPause(database: Database, principal: Principal, runId: string, budget?: RunBudget): Promise<void> {
  await database.prisma.$transaction(async (transaction) => {
    const rows = await transaction.$queryRawUnsafe<{ status: string; paused: boolean; budget: unknown }[]>(
      'SELECT status::text AS status, budget_pause IS NOT NULL AS paused, budget FROM runs WHERE id = $1::uuid AND tenant_id = $2::uuid FOR UPDATE',
      runId,
      principal.tenantId,
    );
    const row = rows[0];
    if (!row) throw new DomainError('not-found', `Run ${runId} not found`, 'runId');
    if (row.status !== 'waiting' || !row.paused) throw new DomainError('conflict', `Run ${runId} is not paused by a budget (status ${row.status})`, 'runId');
    // A new request budget for the run (its own budget could not be raised otherwise), in the same transaction.
    if (budget) await transaction.$executeRawUnsafe('UPDATE runs SET budget = $2::jsonb WHERE id = $1::uuid', runId, JSON.stringify(budget));
    const exceeded = await new PrismaBudgetGuard(transaction).check({ instanceId: runId, pending: nothingPending });
    if (exceeded) {
      throw new DomainError(
        'conflict',
        `Run ${runId} is still over budget (${exceeded.scope} ${exceeded.measure}: limit ${exceeded.limit}, used ${exceeded.used}); raise the budget or wait for its window to roll over, or cancel the run`,
        'runId',
      );
    }
    await wakeResumedRun(transaction, { id: runId, tenantId: principal.tenantId }, { by: principal.apiKeyName }, principal, {
      before: { status: 'waiting', ...(budget ? { budget: (row.budget ?? null) as Prisma.InputJsonValue } : {}) },
      ...(budget ? { after: { budget: { ...budget } } } : {}),
    });
  });
}

/**
 * The resume itself, for a run whose row lock the caller holds and that it found paused with room:
 * clears the pause and its automatic re-check, wakes the run through the claim (`wake_at = now()`),
 * appends `run-budget-resumed` with `payload`, audits `run.budget-resume` and NOTIFYs the queue.
 * Shared by the operator's resume and the automatic one at window rollover (ADR 0063).
 */
export async function wakeResumedRun(
  transaction: Prisma.TransactionClient,
  run: { id: string; tenantId: string },
  payload: Prisma.InputJsonObject,
  actor: Principal | { tenantId: string; system: string },
  audit: { before: Prisma.InputJsonValue; after?: Prisma.InputJsonValue },
): Promise<void> {
  await transaction.$executeRawUnsafe('UPDATE runs SET budget_pause = NULL, budget_resume_at = NULL, wake_at = now(), updated_at = now() WHERE id = $1::uuid', run.id);
  await appendRunEvents(transaction, run, [{ type: 'run-budget-resumed', payload }]);
  await recordAudit(transaction, actor, { action: 'run.budget-resume', targetType: 'run', targetId: run.id, ...audit });
  await transaction.$executeRawUnsafe('SELECT pg_notify($1, $2)', runQueuedChannel, run.id);
}
