import type { Budget, BudgetsOverview } from '../../types.ts';
import { printResult, UsageError, writeLine, type CommandContext } from '../cli-context.ts';
import { costFlag, nullableIntegerFlag } from '../parse-command-line.ts';

const usage = 'Usage: agentloom budgets | set daily|monthly [--agent <agent>] [--max-tokens n|none] [--max-cost-usd x|none] | remove daily|monthly [--agent <agent>]';

/** `budgets [set|remove]`: the tenant's and its agents' token and cost budgets (changes need an admin key). */
export async function budgetsCommand(context: CommandContext): Promise<number> {
  const { client, flags } = context;
  const [action, period, ...extra] = context.arguments;
  if (extra.length > 0) throw new UsageError(usage);
  if (action === undefined) {
    print(context, await client.budgets.get());
    return 0;
  }
  if (period !== 'daily' && period !== 'monthly') throw new UsageError(usage);
  const agentId = flags.agent === undefined ? undefined : (await client.agents.resolve(flags.agent, { includeArchived: true })).id;
  if (action === 'set') {
    const maxTokens = nullableIntegerFlag(flags['max-tokens'], 'max-tokens') ?? null;
    const maxCostUsd = costFlag(flags['max-cost-usd']);
    if (maxTokens === null && maxCostUsd === null) throw new UsageError('budgets set needs --max-tokens, --max-cost-usd or both');
    print(context, await client.budgets.set({ period, maxTokens, maxCostUsd, ...(agentId === undefined ? {} : { agentId }) }));
    return 0;
  }
  if (action === 'remove') {
    print(context, await client.budgets.remove({ period, ...(agentId === undefined ? {} : { agentId }) }));
    return 0;
  }
  throw new UsageError(usage);
}

function print(context: CommandContext, overview: BudgetsOverview): void {
  printResult(context, overview, () => {
    const { usage } = overview.tenant;
    writeLine(context.output.stdout, `Tenant: today ${usage.todayTokens} tokens, $${usage.todayCostUsd}; this month ${usage.monthTokens} tokens, $${usage.monthCostUsd}`);
    writeBudget(context, 'tenant', overview.tenant.daily);
    writeBudget(context, 'tenant', overview.tenant.monthly);
    for (const agent of overview.agents) {
      writeBudget(context, agent.agentName, agent.daily);
      writeBudget(context, agent.agentName, agent.monthly);
    }
  });
}

function writeBudget(context: CommandContext, owner: string, budget: Budget | null): void {
  if (!budget) return;
  const parts = [
    budget.maxTokens === null ? null : `${budget.usedTokens} of ${budget.maxTokens} tokens`,
    budget.maxCostUsd === null ? null : `$${budget.usedCostUsd} of $${budget.maxCostUsd}`,
  ].filter(Boolean);
  writeLine(context.output.stdout, `${owner} ${budget.period} (since ${budget.windowStart}): ${parts.join(', ')}`);
}
