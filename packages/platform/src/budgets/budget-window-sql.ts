import { queryRows, type StatementRunner } from '@agentloom/db';
import type { BudgetScope } from '@agentloom/runtime';

/**
 * The end of a budget's current UTC window by the database's clock (the clock `budget_usage_days`
 * counts days with): the next UTC midnight for a daily budget, the first of the next UTC month for a
 * monthly one, NULL for a run's own budget, which has no window. `scope` is a SQL text expression.
 */
function budgetWindowEndSql(scope: string): string {
  return `CASE split_part(${scope}, '-', 2)
    WHEN 'daily' THEN (date_trunc('day', now() AT TIME ZONE 'UTC') + interval '1 day') AT TIME ZONE 'UTC'
    WHEN 'monthly' THEN (date_trunc('month', now() AT TIME ZONE 'UTC') + interval '1 month') AT TIME ZONE 'UTC'
  END`;
}

/**
 * Sets when a paused run is checked again for an automatic resume (ADR 0063): the end of the spent
 * budget's window, or NULL (an operator resumes it) when the run's own budget is the spent one.
 */
export async function scheduleBudgetResume(runner: StatementRunner, runId: string, scope: BudgetScope): Promise<void> {
  await queryRows(runner, `UPDATE runs SET budget_resume_at = ${budgetWindowEndSql('$2::text')} WHERE id = $1::uuid RETURNING 1`, [runId, scope]);
}

/** Paused runs whose window has ended, oldest due first, from the partial index on `budget_resume_at`. */
export function selectDueBudgetPauses(runner: StatementRunner, limit: number): Promise<{ id: string; tenant_id: string }[]> {
  return queryRows(runner, 'SELECT id, tenant_id FROM runs WHERE budget_resume_at <= now() ORDER BY budget_resume_at, id LIMIT $1', [limit]);
}

/**
 * Locks one run and reads it again only if it is still due: after the lock is granted, so a run another
 * sweep (or an operator) resumed meanwhile reads as nothing (null).
 */
export async function lockDueBudgetPause(runner: StatementRunner, runId: string): Promise<{ status: string; budget_pause: unknown } | null> {
  const rows = await queryRows<{ status: string; budget_pause: unknown }>(
    runner,
    'SELECT status::text AS status, budget_pause FROM runs WHERE id = $1::uuid AND budget_resume_at <= now() FOR UPDATE',
    [runId],
  );
  return rows[0] ?? null;
}

/** A run that is no longer paused (cancelled meanwhile) loses its due time. */
export async function clearBudgetResume(runner: StatementRunner, runId: string): Promise<void> {
  await queryRows(runner, 'UPDATE runs SET budget_resume_at = NULL WHERE id = $1::uuid RETURNING 1', [runId]);
}

/** Still over a budget: the pause names the budget spent now and is due again at its window's end (never, for the run's own). */
export async function extendBudgetPause(runner: StatementRunner, runId: string, budgetPause: Record<string, unknown>, scope: BudgetScope): Promise<void> {
  await queryRows(
    runner,
    `UPDATE runs SET budget_pause = $2::jsonb, budget_resume_at = ${budgetWindowEndSql('$3::text')}, updated_at = now() WHERE id = $1::uuid RETURNING 1`,
    [runId, JSON.stringify(budgetPause), scope],
  );
}
