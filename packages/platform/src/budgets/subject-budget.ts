import { queryRows, type StatementRunner } from '@agentloom/db';
import { firstSpentBudget, type BudgetExceeded, type ModelUsage } from '@agentloom/runtime';

import { budgetCandidates, selectBudgetState } from './budget-state-sql';

/*
 * Budgets of model calls made outside a run (the LLM-as-judge scorer, ADR 0058): the tenant's and
 * one agent's daily and monthly budgets, read and counted the way a run's step is (ADR 0045), in
 * the same `budget_usage_days` rows, so a judge spends the same money a run does.
 */
const nothingPending = { inputTokens: 0, outputTokens: 0 };

/**
 * The budget that stops a model call of `agentId` outside a run, or null: the tenant's and the
 * agent's daily and monthly budgets, read by the same statement as a run's check (`selectBudgetState`)
 * and chosen by the same rule (`firstSpentBudget`: a failing budget is answered before a pausing one).
 * A pausing budget is answered with `onExceeded: 'pause'`; a call outside a run has no step boundary
 * to park at, so its caller decides what a pause means for it (the judge refuses, ADR 0063).
 */
export async function spentSubjectBudget(runner: StatementRunner, tenantId: string, agentId: string): Promise<BudgetExceeded | null> {
  const state = await selectBudgetState(runner, { tenantId, agentId });
  if (!state) return null;
  return firstSpentBudget(budgetCandidates(state), nothingPending);
}

/**
 * Adds one model call's usage to the tenant's and the agent's row of the current UTC day: the same
 * upsert the runs' trigger does (ADR 0045). Unpriced calls add tokens and no cost, as runs do. A call
 * has no run id to hash, so it counts into a slot drawn at random (ADR 0100): concurrent judge calls
 * spread over the day's rows as concurrent runs do.
 */
export async function countSubjectUsage(runner: StatementRunner, tenantId: string, agentId: string, usage: ModelUsage): Promise<void> {
  const tokens = usage.inputTokens + usage.outputTokens;
  const costUsd = usage.costUsd ?? 0;
  if (tokens === 0 && costUsd === 0) return;
  await queryRows(
    runner,
    `WITH slot AS (SELECT agentloom_budget_usage_slot(gen_random_uuid()::text) AS value)
     INSERT INTO budget_usage_days (tenant_id, subject, day, slot, tokens, cost_usd)
     VALUES ($1::uuid, 'tenant', (now() AT TIME ZONE 'UTC')::date, (SELECT value FROM slot), $3::bigint, $4::decimal),
            ($1::uuid, $2::text, (now() AT TIME ZONE 'UTC')::date, (SELECT value FROM slot), $3::bigint, $4::decimal)
     ON CONFLICT (tenant_id, subject, day, slot) DO UPDATE
       SET tokens = budget_usage_days.tokens + EXCLUDED.tokens, cost_usd = budget_usage_days.cost_usd + EXCLUDED.cost_usd
     RETURNING 1`,
    [tenantId, agentId, tokens, costUsd.toFixed(6)],
  );
}
