import { queryRows, type StatementRunner } from '@agentloom/db';
import { z } from 'zod';

const limitsSchema = z.object({ maxTokens: z.coerce.number().nullable(), maxCostUsd: z.coerce.number().nullable() });

/** What one budget check reads: the run's usage and budget, its tenant's and agent's budgets and usage. */
export const budgetStateSchema = z.object({
  run_tokens: z.coerce.number(),
  run_cost_usd: z.coerce.number(),
  run_budget: z.unknown(),
  request_budget: z.unknown(),
  budgets: z.array(limitsSchema.extend({ subject: z.enum(['tenant', 'agent']), period: z.enum(['daily', 'monthly']), onExceeded: z.string().default('fail') })),
  usage: z.array(
    z.object({
      subject: z.enum(['tenant', 'agent']),
      dayTokens: z.coerce.number(),
      dayCostUsd: z.coerce.number(),
      monthTokens: z.coerce.number(),
      monthCostUsd: z.coerce.number(),
    }),
  ),
});

export type BudgetState = z.infer<typeof budgetStateSchema>;

/**
 * One statement per check: the run row with its request's budget and its version's `runBudget` (primary keys), the tenant's
 * and agent's budgets (primary key prefix), and their usage of this UTC month so far — at most two
 * subjects × 31 day rows read through the primary key of `budget_usage_days`, never a sum over runs.
 * The usage is read only when a tenant or agent budget exists.
 */
const budgetStateStatement = `
WITH run AS (
  SELECT r.tenant_id, r.agent_id::text AS agent, r.input_tokens::bigint + r.output_tokens AS tokens, r.cost_usd, v.config -> 'runBudget' AS run_budget, r.budget AS request_budget
  FROM runs r JOIN agent_versions v ON v.id = r.agent_version_id
  WHERE r.id = $1::uuid
), window_days AS (
  SELECT (now() AT TIME ZONE 'UTC')::date AS today, date_trunc('month', now() AT TIME ZONE 'UTC')::date AS month_start
), owned_budgets AS (
  SELECT CASE WHEN b.subject = 'tenant' THEN 'tenant' ELSE 'agent' END AS subject, b.period, b.max_tokens, b.max_cost_usd, b.on_exceeded
  FROM budgets b, run WHERE b.tenant_id = run.tenant_id AND b.subject IN ('tenant', run.agent)
), owned_usage AS (
  SELECT CASE WHEN u.subject = 'tenant' THEN 'tenant' ELSE 'agent' END AS subject,
    COALESCE(sum(u.tokens) FILTER (WHERE u.day = window_days.today), 0) AS day_tokens,
    COALESCE(sum(u.cost_usd) FILTER (WHERE u.day = window_days.today), 0) AS day_cost_usd,
    sum(u.tokens) AS month_tokens, sum(u.cost_usd) AS month_cost_usd
  FROM budget_usage_days u, run, window_days
  WHERE EXISTS (SELECT 1 FROM owned_budgets)
    AND u.tenant_id = run.tenant_id AND u.subject IN ('tenant', run.agent)
    AND u.day >= window_days.month_start AND u.day <= window_days.today
  GROUP BY 1
)
SELECT run.tokens::text AS run_tokens, run.cost_usd::text AS run_cost_usd, run.run_budget, run.request_budget,
  COALESCE((SELECT json_agg(json_build_object('subject', subject, 'period', period, 'maxTokens', max_tokens::text, 'maxCostUsd', max_cost_usd::text, 'onExceeded', on_exceeded)) FROM owned_budgets), '[]'::json) AS budgets,
  COALESCE((SELECT json_agg(json_build_object('subject', subject, 'dayTokens', day_tokens::text, 'dayCostUsd', day_cost_usd::text,
    'monthTokens', month_tokens::text, 'monthCostUsd', month_cost_usd::text)) FROM owned_usage), '[]'::json) AS usage
FROM run`;

/** Reads a run's budget state, or null when the run does not exist. */
export async function selectBudgetState(runner: StatementRunner, runId: string): Promise<BudgetState | null> {
  const rows = await queryRows<Record<string, unknown>>(runner, budgetStateStatement, [runId]);
  const row = rows[0];
  if (!row) return null;
  return budgetStateSchema.parse({ ...row, request_budget: jsonColumn(row.request_budget), budgets: jsonColumn(row.budgets), usage: jsonColumn(row.usage) });
}

/** Drivers differ in whether json arrives parsed; both are accepted. */
function jsonColumn(value: unknown): unknown {
  return typeof value === 'string' ? JSON.parse(value) : value;
}
