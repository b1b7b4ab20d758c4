import type { BudgetCheckRequest, BudgetExceeded, BudgetGuard, BudgetLimits } from '../contracts/budget-guard';
import type { ModelUsage } from '../contracts/model-gateway';
import { firstSpentBudget, withPending, type BudgetUsage } from './compare-budget';

/** Whose budget: a tenant's, or one agent's within a tenant. */
export interface BudgetOwner {
  tenant: string;
  agent?: string;
}

/** A budget window: the UTC day or the UTC month usage is counted in. */
export type BudgetPeriod = 'daily' | 'monthly';

interface RunEntry {
  tenant: string;
  agent: string;
  budget: BudgetLimits | undefined;
  usage: BudgetUsage;
}

/**
 * The reference BudgetGuard: budgets and usage in maps, windows by UTC day and month of `clock()`.
 * Usage is recorded per day like the database keeps it, so a monthly budget sums its days.
 */
export class InMemoryBudgetGuard implements BudgetGuard {
  private readonly runs = new Map<string, RunEntry>();
  private readonly budgets = new Map<string, BudgetLimits>();
  /** Usage per `<tenant>|<subject>|<yyyy-mm-dd>`, subject being `tenant` or the agent. */
  private readonly days = new Map<string, BudgetUsage>();

  constructor(private readonly clock: () => Date = () => new Date()) {}

  /** Makes a run known, with its own budget when it has one. */
  registerRun(instanceId: string, owner: Required<BudgetOwner>, budget?: BudgetLimits): void {
    this.runs.set(instanceId, { tenant: owner.tenant, agent: owner.agent, budget, usage: { tokens: 0, costUsd: 0 } });
  }

  /** Sets (or, with null, removes) a tenant's or an agent's budget for a window. */
  setBudget(owner: BudgetOwner, period: BudgetPeriod, limits: BudgetLimits | null): void {
    const key = budgetKey(owner, period);
    if (limits === null) this.budgets.delete(key);
    else this.budgets.set(key, { ...limits });
  }

  /** Counts a committed step's usage for its run, agent and tenant on today's date. */
  recordUsage(instanceId: string, usage: ModelUsage): void {
    const run = this.runs.get(instanceId);
    if (!run) throw new Error(`Unknown run ${instanceId}`);
    run.usage = withPending(run.usage, usage);
    const day = this.clock().toISOString().slice(0, 10);
    for (const subject of ['tenant', `agent:${run.agent}`]) {
      const key = `${run.tenant}|${subject}|${day}`;
      this.days.set(key, withPending(this.days.get(key) ?? { tokens: 0, costUsd: 0 }, usage));
    }
  }

  check(request: BudgetCheckRequest): Promise<BudgetExceeded | null> {
    const run = this.runs.get(request.instanceId);
    if (!run) return Promise.resolve(null);
    const today = this.clock().toISOString().slice(0, 10);
    const month = today.slice(0, 7);
    const agent = { tenant: run.tenant, agent: run.agent };
    const tenant = { tenant: run.tenant };
    const candidates: [BudgetExceeded['scope'], BudgetLimits | undefined, BudgetUsage][] = [
      ['run', run.budget, run.usage],
      ['agent-daily', this.budgets.get(budgetKey(agent, 'daily')), this.sum(run.tenant, `agent:${run.agent}`, today)],
      ['agent-monthly', this.budgets.get(budgetKey(agent, 'monthly')), this.sum(run.tenant, `agent:${run.agent}`, month)],
      ['tenant-daily', this.budgets.get(budgetKey(tenant, 'daily')), this.sum(run.tenant, 'tenant', today)],
      ['tenant-monthly', this.budgets.get(budgetKey(tenant, 'monthly')), this.sum(run.tenant, 'tenant', month)],
    ];
    return Promise.resolve(firstSpentBudget(candidates, request.pending));
  }

  /** Usage of a subject over the days whose date starts with `prefix` (a day, or a month `yyyy-mm`). */
  private sum(tenant: string, subject: string, prefix: string): BudgetUsage {
    let total: BudgetUsage = { tokens: 0, costUsd: 0 };
    for (const [key, usage] of this.days) {
      const [keyTenant, keySubject, day] = key.split('|');
      if (keyTenant === tenant && keySubject === subject && day!.startsWith(prefix)) total = { tokens: total.tokens + usage.tokens, costUsd: total.costUsd + usage.costUsd };
    }
    return total;
  }
}

function budgetKey(owner: BudgetOwner, period: BudgetPeriod): string {
  return `${owner.tenant}|${owner.agent === undefined ? 'tenant' : `agent:${owner.agent}`}|${period}`;
}
