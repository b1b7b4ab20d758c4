import type { RunView } from '@agentloom/platform';
import { formatCost, formatCount } from '~/components/format';

type RunBudget = NonNullable<RunView['budget']['request']>;

/**
 * The budgets that limit this run alone (ADR 0052) with what it has used against each: the create
 * request's and the agent version's. Null when it has neither, so the header shows no empty fact.
 */
export function runBudgetSummary(run: RunView): string | null {
  const parts = [
    ...(run.budget.request ? [`${limitText(run.budget.request, run.usage)} (this run)`] : []),
    ...(run.budget.version ? [`${limitText(run.budget.version, run.usage)} (version v${run.agentVersion})`] : []),
  ];
  return parts.length > 0 ? parts.join(' · ') : null;
}

function limitText(budget: RunBudget, usage: RunView['usage']): string {
  const tokens = usage.inputTokens + usage.outputTokens;
  return [
    ...(budget.maxTokens !== undefined ? [`${formatCount(tokens)} of ${formatCount(budget.maxTokens)} tokens`] : []),
    // A cost limit counts priced calls only; an unpriced run's cost is a lower bound, said so.
    ...(budget.maxCostUsd !== undefined ? [`${usage.costKnown ? '' : '≥ '}${formatCost(usage.costUsd)} of ${formatCost(budget.maxCostUsd)}`] : []),
  ].join(', ');
}
