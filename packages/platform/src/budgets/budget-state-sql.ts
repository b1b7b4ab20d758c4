import { queryRows, type StatementRunner } from '@agentloom/db';
import type { BudgetLimits, BudgetScope, BudgetUsage } from '@agentloom/runtime';
import { z } from 'zod';

import { runBudgetSchema } from './budget.schema';

const limitsSchema = z.object({ maxTokens: z.coerce.number().nullable(), maxCostUsd: z.coerce.number().nullable() });

/** What one budget check reads: the run's usage and budgets (when there is a run), its tenant's and agent's budgets and usage. */
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
 * Whose budgets a check reads: a run's (its own budgets, its agent's and its tenant's), or a model
 * call's outside any run (the LLM-as-judge, ADR 0058): only the tenant's and that agent's.
 */
export type BudgetOwner = { runId: string } | { tenantId: string; agentId: string };

/**
 * The first part of the statement, by owner: the run row with its request's budget and its version's
 * `runBudget` (primary keys), or the tenant and agent as given, with no run usage and no run budget.
 */
const ownerSources = {
  // Served replies (ADR 0083) are on the run's counters but spent nothing: the run's own budget sees the rest.
  run: `SELECT r.tenant_id, r.agent_id::text AS agent, r.input_tokens::bigint + r.output_tokens - r.served_tokens AS tokens, r.cost_usd - r.served_cost_usd AS cost_usd,
      v.config -> 'runBudget' AS run_budget, r.budget AS request_budget
    FROM runs r JOIN agent_versions v ON v.id = r.agent_version_id
    WHERE r.id = $1::uuid`,
  subject: `SELECT $1::uuid AS tenant_id, $2::text AS agent, 0::bigint AS tokens, 0::decimal AS cost_usd, NULL::jsonb AS run_budget, NULL::jsonb AS request_budget`,
};

/**
 * One statement per check, the same for runs and for calls outside a run: the owner, the tenant's and
 * agent's budgets (primary key prefix), and their usage of this UTC month so far — at most two
 * subjects × 31 day rows read through the primary key of `budget_usage_days`, never a sum over runs.
 * The usage is read only when a tenant or agent budget exists.
 */
function budgetStateStatement(owner: keyof typeof ownerSources): string {
  return `
WITH owner AS (
  ${ownerSources[owner]}
), window_days AS (
  SELECT (now() AT TIME ZONE 'UTC')::date AS today, date_trunc('month', now() AT TIME ZONE 'UTC')::date AS month_start
), owned_budgets AS (
  SELECT CASE WHEN b.subject = 'tenant' THEN 'tenant' ELSE 'agent' END AS subject, b.period, b.max_tokens, b.max_cost_usd, b.on_exceeded
  FROM budgets b, owner WHERE b.tenant_id = owner.tenant_id AND b.subject IN ('tenant', owner.agent)
), owned_usage AS (
  SELECT CASE WHEN u.subject = 'tenant' THEN 'tenant' ELSE 'agent' END AS subject,
    COALESCE(sum(u.tokens) FILTER (WHERE u.day = window_days.today), 0) AS day_tokens,
    COALESCE(sum(u.cost_usd) FILTER (WHERE u.day = window_days.today), 0) AS day_cost_usd,
    sum(u.tokens) AS month_tokens, sum(u.cost_usd) AS month_cost_usd
  FROM budget_usage_days u, owner, window_days
  WHERE EXISTS (SELECT 1 FROM owned_budgets)
    AND u.tenant_id = owner.tenant_id AND u.subject IN ('tenant', owner.agent)
    AND u.day >= window_days.month_start AND u.day <= window_days.today
  GROUP BY 1
)
SELECT owner.tokens::text AS run_tokens, owner.cost_usd::text AS run_cost_usd, owner.run_budget, owner.request_budget,
  COALESCE((SELECT json_agg(json_build_object('subject', subject, 'period', period, 'maxTokens', max_tokens::text, 'maxCostUsd', max_cost_usd::text, 'onExceeded', on_exceeded)) FROM owned_budgets), '[]'::json) AS budgets,
  COALESCE((SELECT json_agg(json_build_object('subject', subject, 'dayTokens', day_tokens::text, 'dayCostUsd', day_cost_usd::text,
    'monthTokens', month_tokens::text, 'monthCostUsd', month_cost_usd::text)) FROM owned_usage), '[]'::json) AS usage
FROM owner`;
}

const statements = { run: budgetStateStatement('run'), subject: budgetStateStatement('subject') };

/** Reads the budget state of a run, or of a tenant and agent outside a run; null when the run does not exist. */
export async function selectBudgetState(runner: StatementRunner, owner: BudgetOwner): Promise<BudgetState | null> {
  const rows =
    'runId' in owner
      ? await queryRows<Record<string, unknown>>(runner, statements.run, [owner.runId])
      : await queryRows<Record<string, unknown>>(runner, statements.subject, [owner.tenantId, owner.agentId]);
  const row = rows[0];
  if (!row) return null;
  return budgetStateSchema.parse({ ...row, request_budget: jsonColumn(row.request_budget), budgets: jsonColumn(row.budgets), usage: jsonColumn(row.usage) });
}

/**
 * Every budget of the state with the usage it is compared with, in `budgetScopes` order, for the
 * runtime's `firstSpentBudget` (so "spent" and "fail before pause" mean the same thing everywhere).
 * Without a run the two run budgets are absent.
 */
export function budgetCandidates(state: BudgetState): [BudgetScope, BudgetLimits | undefined, BudgetUsage][] {
  const runBudget = runBudgetSchema.safeParse(state.run_budget);
  const requestBudget = runBudgetSchema.safeParse(state.request_budget);
  const usageOf = (subject: 'tenant' | 'agent') => state.usage.find((row) => row.subject === subject);
  const limitsOf = (subject: 'tenant' | 'agent', period: 'daily' | 'monthly'): BudgetLimits | undefined => {
    const row = state.budgets.find((budget) => budget.subject === subject && budget.period === period);
    if (!row) return undefined;
    return {
      ...(row.maxTokens !== null ? { maxTokens: row.maxTokens } : {}),
      ...(row.maxCostUsd !== null ? { maxCostUsd: row.maxCostUsd } : {}),
      ...(row.onExceeded === 'pause' ? { onExceeded: 'pause' as const } : {}),
    };
  };
  const day = (subject: 'tenant' | 'agent'): BudgetUsage => ({ tokens: usageOf(subject)?.dayTokens ?? 0, costUsd: usageOf(subject)?.dayCostUsd ?? 0 });
  const month = (subject: 'tenant' | 'agent'): BudgetUsage => ({ tokens: usageOf(subject)?.monthTokens ?? 0, costUsd: usageOf(subject)?.monthCostUsd ?? 0 });
  const runUsage: BudgetUsage = { tokens: state.run_tokens, costUsd: state.run_cost_usd };
  // The request's budget (ADR 0052) and the version's both limit the run; the first spent one is reported.
  return [
    ['run', requestBudget.success ? requestBudget.data : undefined, runUsage],
    ['run', runBudget.success ? runBudget.data : undefined, runUsage],
    ['agent-daily', limitsOf('agent', 'daily'), day('agent')],
    ['agent-monthly', limitsOf('agent', 'monthly'), month('agent')],
    ['tenant-daily', limitsOf('tenant', 'daily'), day('tenant')],
    ['tenant-monthly', limitsOf('tenant', 'monthly'), month('tenant')],
  ];
}

/** Drivers differ in whether json arrives parsed; both are accepted. */
function jsonColumn(value: unknown): unknown {
  return typeof value === 'string' ? JSON.parse(value) : value;
}
