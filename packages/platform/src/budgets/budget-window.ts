import { queryRows, type StatementRunner } from '@agentloom/db';
import type { BudgetScope } from '@agentloom/runtime';

/**
 * The end of a budget's current UTC window by the database's clock (the clock `budget_usage_days`
 * counts days with): the next UTC midnight for a daily budget, the first of the next UTC month for a
 * monthly one, NULL for a run's own budget, which has no window. `scope` is a SQL text expression.
 */
export function budgetWindowEndSql(scope: string): string {
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
