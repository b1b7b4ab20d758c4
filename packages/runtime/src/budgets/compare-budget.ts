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
  if (limits.maxTokens !== undefined && used.tokens >= limits.maxTokens) return { scope, measure: 'tokens', limit: limits.maxTokens, used: used.tokens };
  // Cost is compared in micro-dollars, the precision the database keeps, so both guards agree exactly.
  if (limits.maxCostUsd !== undefined && Math.round(used.costUsd * 1e6) >= Math.round(limits.maxCostUsd * 1e6)) {
    return { scope, measure: 'cost-usd', limit: limits.maxCostUsd, used: Math.round(used.costUsd * 1e6) / 1e6 };
  }
  return null;
}
