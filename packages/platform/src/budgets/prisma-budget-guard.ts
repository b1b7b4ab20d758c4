import type { StatementRunner } from '@agentloom/db';
import { firstSpentBudget, type BudgetCheckRequest, type BudgetExceeded, type BudgetGuard, type BudgetLimits, type BudgetScope, type BudgetUsage } from '@agentloom/runtime';

import { runBudgetSchema } from './budget.schema';
import { selectBudgetState, type BudgetState } from './budget-guard-sql';

/**
 * The database's BudgetGuard: one indexed statement per check (see `selectBudgetState`), compared
 * with the runtime's own rule so it agrees with the in-memory reference guard. Usage is what the
 * step commits have counted (a trigger on the run's usage columns, ADR 0045) plus the step's pending usage.
 */
export class PrismaBudgetGuard implements BudgetGuard {
  constructor(private readonly sql: StatementRunner) {}

  async check(request: BudgetCheckRequest): Promise<BudgetExceeded | null> {
    const state = await selectBudgetState(this.sql, request.instanceId);
    if (!state) return null;
    return firstSpentBudget(candidates(state), request.pending);
  }
}

function candidates(state: BudgetState): [BudgetScope, BudgetLimits | undefined, BudgetUsage][] {
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
    ['run', runBudget.success ? runBudget.data : undefined, { tokens: state.run_tokens, costUsd: state.run_cost_usd }],
    ['agent-daily', limitsOf('agent', 'daily'), day('agent')],
    ['agent-monthly', limitsOf('agent', 'monthly'), month('agent')],
    ['tenant-daily', limitsOf('tenant', 'daily'), day('tenant')],
    ['tenant-monthly', limitsOf('tenant', 'monthly'), month('tenant')],
  ];
}
