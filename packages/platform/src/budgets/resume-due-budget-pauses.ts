import type { Prisma, PrismaClient } from '@agentloom/db';
import { budgetPausedMessage } from '@agentloom/runtime';

import { clearBudgetResume, extendBudgetPause, lockDueBudgetPause, selectDueBudgetPauses } from './budget-window-sql';
import { PrismaBudgetGuard } from './prisma-budget-guard';
import { nothingPending, wakeResumedRun } from './resume-budget-pause';

/** What one sweep did with the paused runs whose window had ended. */
export interface BudgetResumeSweep {
  /** Resumed: the claim wakes them. */
  resumed: string[];
  /** A budget is still spent: paused until the end of that budget's window (or an operator, for the run's own budget). */
  stillSpent: string[];
}

/** The actor of the automatic resume in the audit log. */
export const budgetWindowActor = 'budget-window';

/**
 * Resumes runs paused by a daily or monthly budget once that budget's window has ended and no budget
 * is spent any more (ADR 0063). Called on every executor's recovery tick, so it needs no process of
 * its own and survives restarts of every process: the due time is `runs.budget_resume_at`. Due runs
 * are read by the partial index; each is then handled in its own transaction under its row lock.
 */
export async function resumeDueBudgetPauses(prisma: PrismaClient, limit = 100): Promise<BudgetResumeSweep> {
  const due = await selectDueBudgetPauses(prisma, limit);
  const sweep: BudgetResumeSweep = { resumed: [], stillSpent: [] };
  for (const run of due) {
    const outcome = await prisma.$transaction((transaction) => resumeIfRoom(transaction, { id: run.id, tenantId: run.tenant_id }));
    if (outcome === 'resumed') sweep.resumed.push(run.id);
    if (outcome === 'still-spent') sweep.stillSpent.push(run.id);
  }
  return sweep;
}

/**
 * One due run under its row lock (the order cancels, step commits and the operator's resume use).
 * Exactly once: the row is re-read after the lock is granted and must still be due, `waiting` and
 * paused, so of two executors sweeping at once (or a sweep racing an operator's resume) one resumes
 * and the other finds nothing to do. A run that is no longer paused (cancelled meanwhile) only loses
 * its due time. Still over a budget (the same check as the operator's resume, which refuses): the run
 * stays paused, its pause names the budget now spent and it is checked again at that budget's window
 * end — never, for the run's own budget (no window; an operator resumes it).
 */
async function resumeIfRoom(transaction: Prisma.TransactionClient, run: { id: string; tenantId: string }): Promise<'resumed' | 'still-spent' | 'not-due'> {
  const row = await lockDueBudgetPause(transaction, run.id);
  if (!row) return 'not-due';
  if (row.status !== 'waiting' || row.budget_pause === null) {
    await clearBudgetResume(transaction, run.id);
    return 'not-due';
  }
  const exceeded = await new PrismaBudgetGuard(transaction).check({ instanceId: run.id, pending: nothingPending });
  if (exceeded) {
    const pausedAt = (row.budget_pause as { pausedAt?: unknown }).pausedAt;
    const budgetPause = { ...exceeded, message: budgetPausedMessage(exceeded), pausedAt };
    await extendBudgetPause(transaction, run.id, budgetPause, exceeded.scope);
    return 'still-spent';
  }
  await wakeResumedRun(transaction, run, { automatic: true, by: budgetWindowActor }, { tenantId: run.tenantId, system: budgetWindowActor }, { before: { status: 'waiting', budgetPause: row.budget_pause as Prisma.InputJsonValue } });
  return 'resumed';
}
