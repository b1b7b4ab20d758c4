import type { RunView } from '@agentloom/platform';
import { formatCost } from '~/components/format';

type RunUsage = Pick<RunView['usage'], 'costUsd' | 'costKnown'>;

/** A run's cost as the run list words it (`run-row.tsx`): the cost, a lower bound, or "unknown" — never "$0" for unpriced calls. */
export function formatRunCost(usage: RunUsage): string {
  if (usage.costKnown) return formatCost(usage.costUsd);
  return usage.costUsd > 0 ? `≥ ${formatCost(usage.costUsd)}` : 'unknown';
}

/** Right − left, signed; "unknown" when either side's cost is: a difference of lower bounds means nothing. */
export function formatCostDifference(left: RunUsage, right: RunUsage, difference: number): string {
  if (!left.costKnown || !right.costKnown) return 'unknown';
  if (difference === 0) return '±0';
  return difference > 0 ? `+${formatCost(difference)}` : `−${formatCost(-difference)}`;
}
