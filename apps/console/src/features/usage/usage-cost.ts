import { formatCost, formatCount } from '~/components/format';

/** What the usage page knows about a cost: the priced sum and how many counted runs were not priced. */
export interface UsageCost {
  costUsd: number;
  costKnown: boolean;
  unpricedRuns: number;
}

/**
 * A usage cost as the run list words a run's (`run-row.tsx`): the cost when every counted run was
 * priced; else a lower bound naming the unpriced runs, or "unknown" when nothing was priced — an
 * unpriced run's calls were stored at $0, and "$0" would call them free.
 */
export function formatUsageCost(usage: UsageCost): string {
  if (usage.costKnown) return formatCost(usage.costUsd);
  if (usage.costUsd === 0) return 'unknown';
  return `≥ ${formatCost(usage.costUsd)} (${formatCount(usage.unpricedRuns)} ${usage.unpricedRuns === 1 ? 'run' : 'runs'} unpriced)`;
}

/** The hover text of an unknown cost. */
export function unpricedTitle(usage: UsageCost): string | undefined {
  if (usage.costKnown) return undefined;
  return `${formatCount(usage.unpricedRuns)} ${usage.unpricedRuns === 1 ? 'run has' : 'runs have'} a model with no prices configured: their calls are not in this cost`;
}
