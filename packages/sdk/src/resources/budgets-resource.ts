import type { Transport } from '../transport.ts';
import type { BudgetsOverview, SetBudgetInput } from '../types.ts';

/** Token and cost budgets of the tenant and its agents; reading needs any key, changing an admin key. */
export function budgetsResource(transport: Transport) {
  return {
    /** Every budget with its usage in the current UTC day or month, and the tenant's usage. */
    get(): Promise<BudgetsOverview> {
      return transport.json('GET', '/api/v1/budgets');
    },
    /** Sets (or replaces) one budget; returns all budgets after the change. */
    set(input: SetBudgetInput): Promise<BudgetsOverview> {
      return transport.json('POST', '/api/v1/budgets', { body: input });
    },
    /** Removes one budget (no `agentId`: the tenant's own). */
    remove(target: { period: SetBudgetInput['period']; agentId?: string }): Promise<BudgetsOverview> {
      const query = new URLSearchParams({ period: target.period, ...(target.agentId === undefined ? {} : { agentId: target.agentId }) });
      return transport.json('DELETE', `/api/v1/budgets?${query.toString()}`);
    },
  };
}
