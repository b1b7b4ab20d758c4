import type { BudgetPeriod } from './budget.schema';

/** One budget with what has been used of it in the current window. */
export interface BudgetView {
  period: BudgetPeriod;
  /** Null: tokens are not limited by this budget. */
  maxTokens: number | null;
  /** Null: cost is not limited by this budget. */
  maxCostUsd: number | null;
  /** What a run does when this budget is spent: fail, or pause for an operator (ADR 0057). */
  onExceeded: 'fail' | 'pause';
  /** Start of the current window (UTC day or month), ISO date. */
  windowStart: string;
  usedTokens: number;
  /** Priced usage only: calls of models without prices add tokens, never cost. */
  usedCostUsd: number;
}

/** The budgets of the tenant or of one agent, by period. */
export interface BudgetSubjectView {
  daily: BudgetView | null;
  monthly: BudgetView | null;
}

export interface AgentBudgetsView extends BudgetSubjectView {
  agentId: string;
  agentName: string;
}

/** The tenant's budgets and its agents' budgets, with usage against each (today and this month, UTC). */
export interface BudgetsOverview {
  tenant: BudgetSubjectView & { usage: { todayTokens: number; todayCostUsd: number; monthTokens: number; monthCostUsd: number } };
  agents: AgentBudgetsView[];
}
