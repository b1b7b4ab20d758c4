import type { BudgetExceeded, BudgetLimits, BudgetScope } from '../contracts/budget-guard';
import type { ModelUsage } from '../contracts/model-gateway';

/** Usage counted against a budget: tokens and priced cost. */
export interface BudgetUsage {
  tokens: number;
  costUsd: number;
}

/** Adds a step's not yet committed usage to committed usage. */
export function withPending(committed: BudgetUsage, pending: ModelUsage): BudgetUsage {
  return { tokens: committed.tokens + pending.inputTokens + pending.outputTokens, costUsd: committed.costUsd + (pending.costUsd ?? 0) };
}

/**
 * The measure of one budget whose usage has reached its limit, tokens first, or null. Shared by every
 * BudgetGuard so "exceeded" means the same thing in memory and in the database.
 */
export function exceededMeasure(scope: BudgetScope, limits: BudgetLimits | undefined, used: BudgetUsage): BudgetExceeded | null {
  if (!limits) return null;
  const policy = limits.onExceeded === 'pause' ? { onExceeded: 'pause' as const } : {};
  if (limits.maxTokens !== undefined && used.tokens >= limits.maxTokens) return { scope, measure: 'tokens', limit: limits.maxTokens, used: used.tokens, ...policy };
  // Cost is compared in micro-dollars, the precision the database keeps, so both guards agree exactly.
  if (limits.maxCostUsd !== undefined && Math.round(used.costUsd * 1e6) >= Math.round(limits.maxCostUsd * 1e6)) {
    return { scope, measure: 'cost-usd', limit: limits.maxCostUsd, used: Math.round(used.costUsd * 1e6) / 1e6, ...policy };
  }
  return null;
}

/**
 * The budget a guard answers among candidates in `budgetScopes` order: the first spent budget that
 * fails the run, else the first spent one that pauses it. Failing wins because a pause is only taken
 * at a step boundary (ADR 0057): a pausing answer must never hide a failing budget before a model call.
 */
export function firstSpentBudget(candidates: readonly [BudgetScope, BudgetLimits | undefined, BudgetUsage][], pending: ModelUsage): BudgetExceeded | null {
  let pausing: BudgetExceeded | null = null;
  for (const [scope, limits, committed] of candidates) {
    const exceeded = exceededMeasure(scope, limits, withPending(committed, pending));
    if (exceeded && exceeded.onExceeded !== 'pause') return exceeded;
    pausing ??= exceeded;
  }
  return pausing;
}
