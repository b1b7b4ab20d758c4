import { queryRows, type StatementRunner } from '@agentloom/db';
import { exceededMeasure, type BudgetExceeded, type BudgetLimits, type BudgetScope, type BudgetUsage, type ModelUsage } from '@agentloom/runtime';
import { z } from 'zod';

/**
 * Budgets of model calls made outside a run (the LLM-as-judge scorer, ADR 0058): the tenant's and
 * one agent's daily and monthly budgets, read and counted the way a run's step is (ADR 0045), in
 * the same `budget_usage_days` rows, so a judge spends the same money a run does.
 */
const stateSchema = z.object({
  subject: z.enum(['tenant', 'agent']),
  period: z.enum(['daily', 'monthly']).nullable(),
  maxTokens: z.coerce.number().nullable(),
  maxCostUsd: z.coerce.number().nullable(),
  dayTokens: z.coerce.number(),
  dayCostUsd: z.coerce.number(),
  monthTokens: z.coerce.number(),
  monthCostUsd: z.coerce.number(),
});

/**
 * One statement: the tenant's and the agent's budgets (primary-key prefix) with their usage of this
 * UTC month (at most 2 × 31 day rows by primary key), only for subjects that have a budget.
 */
const subjectBudgetStatement = `
WITH window_days AS (
  SELECT (now() AT TIME ZONE 'UTC')::date AS today, date_trunc('month', now() AT TIME ZONE 'UTC')::date AS month_start
), owned_budgets AS (
  SELECT b.subject AS key, CASE WHEN b.subject = 'tenant' THEN 'tenant' ELSE 'agent' END AS subject, b.period, b.max_tokens, b.max_cost_usd
  FROM budgets b WHERE b.tenant_id = $1::uuid AND b.subject IN ('tenant', $2::text)
), owned_usage AS (
  SELECT u.subject AS key,
    COALESCE(sum(u.tokens) FILTER (WHERE u.day = window_days.today), 0) AS day_tokens,
    COALESCE(sum(u.cost_usd) FILTER (WHERE u.day = window_days.today), 0) AS day_cost_usd,
    sum(u.tokens) AS month_tokens, sum(u.cost_usd) AS month_cost_usd
  FROM budget_usage_days u, window_days
  WHERE u.tenant_id = $1::uuid AND u.subject IN (SELECT key FROM owned_budgets)
    AND u.day >= window_days.month_start AND u.day <= window_days.today
  GROUP BY 1
)
SELECT b.subject, b.period, b.max_tokens::text AS "maxTokens", b.max_cost_usd::text AS "maxCostUsd",
  COALESCE(u.day_tokens, 0)::text AS "dayTokens", COALESCE(u.day_cost_usd, 0)::text AS "dayCostUsd",
  COALESCE(u.month_tokens, 0)::text AS "monthTokens", COALESCE(u.month_cost_usd, 0)::text AS "monthCostUsd"
FROM owned_budgets b LEFT JOIN owned_usage u ON u.key = b.key`;

/** The first spent budget of the agent, then of the tenant (the order runs report them in), or null. */
export async function spentSubjectBudget(runner: StatementRunner, tenantId: string, agentId: string): Promise<BudgetExceeded | null> {
  const rows = (await queryRows<Record<string, unknown>>(runner, subjectBudgetStatement, [tenantId, agentId])).map((row) => stateSchema.parse(row));
  const order: [BudgetScope, 'tenant' | 'agent', 'daily' | 'monthly'][] = [
    ['agent-daily', 'agent', 'daily'],
    ['agent-monthly', 'agent', 'monthly'],
    ['tenant-daily', 'tenant', 'daily'],
    ['tenant-monthly', 'tenant', 'monthly'],
  ];
  for (const [scope, subject, period] of order) {
    const row = rows.find((candidate) => candidate.subject === subject && candidate.period === period);
    if (!row) continue;
    const limits: BudgetLimits = { ...(row.maxTokens !== null ? { maxTokens: row.maxTokens } : {}), ...(row.maxCostUsd !== null ? { maxCostUsd: row.maxCostUsd } : {}) };
    const used: BudgetUsage = period === 'daily' ? { tokens: row.dayTokens, costUsd: row.dayCostUsd } : { tokens: row.monthTokens, costUsd: row.monthCostUsd };
    const exceeded = exceededMeasure(scope, limits, used);
    if (exceeded) return exceeded;
  }
  return null;
}

/**
 * Adds one model call's usage to the tenant's and the agent's row of the current UTC day: the same
 * upsert the runs' trigger does (ADR 0045). Unpriced calls add tokens and no cost, as runs do.
 */
export async function countSubjectUsage(runner: StatementRunner, tenantId: string, agentId: string, usage: ModelUsage): Promise<void> {
  const tokens = usage.inputTokens + usage.outputTokens;
  const costUsd = usage.costUsd ?? 0;
  if (tokens === 0 && costUsd === 0) return;
  await queryRows(
    runner,
    `INSERT INTO budget_usage_days (tenant_id, subject, day, tokens, cost_usd)
     VALUES ($1::uuid, 'tenant', (now() AT TIME ZONE 'UTC')::date, $3::bigint, $4::decimal), ($1::uuid, $2::text, (now() AT TIME ZONE 'UTC')::date, $3::bigint, $4::decimal)
     ON CONFLICT (tenant_id, subject, day) DO UPDATE
       SET tokens = budget_usage_days.tokens + EXCLUDED.tokens, cost_usd = budget_usage_days.cost_usd + EXCLUDED.cost_usd
     RETURNING 1`,
    [tenantId, agentId, tokens, costUsd.toFixed(6)],
  );
}
