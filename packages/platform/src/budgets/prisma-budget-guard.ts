import type { StatementRunner } from '@agentloom/db';
import { firstSpentBudget, type BudgetCheckRequest, type BudgetExceeded, type BudgetGuard } from '@agentloom/runtime';

import { budgetCandidates, selectBudgetState } from './budget-state-sql';

/**
 * The database's BudgetGuard: one indexed statement per check (see `selectBudgetState`), compared
 * with the runtime's own rule so it agrees with the in-memory reference guard. Usage is what the
 * step commits have counted (a trigger on the run's usage columns, ADR 0045) plus the step's pending usage.
 */
export class PrismaBudgetGuard implements BudgetGuard {
  constructor(private readonly sql: StatementRunner) {}

  async check(request: BudgetCheckRequest): Promise<BudgetExceeded | null> {
    const state = await selectBudgetState(this.sql, { runId: request.instanceId });
    if (!state) return null;
    return firstSpentBudget(budgetCandidates(state), request.pending);
  }
}
