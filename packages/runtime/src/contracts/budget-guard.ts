import type { ModelUsage } from './model-gateway';

/** Which budget a verdict is about: the run's own, or its agent's / tenant's for the current window. */
export type BudgetScope = 'run' | 'agent-daily' | 'agent-monthly' | 'tenant-daily' | 'tenant-monthly';

/** What a budget limits: tokens (input + output) or priced cost in US dollars. */
export type BudgetMeasure = 'tokens' | 'cost-usd';

/**
 * What a run does when a budget is spent (ADR 0057): `fail` ends it with `budget-exceeded`; `pause`
 * parks it at the step boundary until an operator resumes (or cancels) it.
 */
export type BudgetPolicy = 'fail' | 'pause';

/** Limits of one budget; an absent field is not limited. An absent policy is `fail`. */
export interface BudgetLimits {
  maxTokens?: number;
  maxCostUsd?: number;
  onExceeded?: BudgetPolicy;
}

/** The budget that has no room left, with its limit and the usage that reached it. */
export interface BudgetExceeded {
  scope: BudgetScope;
  measure: BudgetMeasure;
  limit: number;
  /** Committed usage in the budget's window plus the step's not yet committed usage. */
  used: number;
  /** Present (`pause`) only when the budget pauses the run instead of failing it. */
  onExceeded?: 'pause';
}

/** What the engine asks before a step and before each model call. */
export interface BudgetCheckRequest {
  /** The run being executed. */
  instanceId: string;
  /** Usage of the step in progress that the host has not committed yet (zero at a step boundary). */
  pending: ModelUsage;
}

/**
 * Token and cost budgets of runs, agents and tenants. The engine asks `check` at every step boundary
 * and before every model call and stops the run with `budget-exceeded` when it answers a budget.
 * A budget is exceeded when its usage has reached its limit: the next model call may overshoot by
 * its own usage, which nobody knows before the call (the bound is stated in ADR 0045).
 * Cost counts priced calls only; a call of an unpriced model adds tokens, never a made-up cost.
 */
export interface BudgetGuard {
  /**
   * The first budget (in `budgetScopes` order, tokens before cost) that has no room left, or null.
   * A spent budget that fails the run is answered before one that pauses it (`firstSpentBudget`).
   */
  check(request: BudgetCheckRequest): Promise<BudgetExceeded | null>;
}

/** The order in which budgets are reported when several are exhausted. */
export const budgetScopes: readonly BudgetScope[] = ['run', 'agent-daily', 'agent-monthly', 'tenant-daily', 'tenant-monthly'];
