import type { BudgetView } from '@agentloom/platform';
import { formatCost, formatCount } from '~/components/format';

/** One measure of a budget: used of limit and what is left, as text and as a bar (red once the budget is spent). */
function Measure({ label, used, limit, format }: { label: string; used: number; limit: number; format: (value: number) => string }) {
  const ratio = Math.min(used / limit, 1);
  const spent = used >= limit;
  return (
    <div className="space-y-1">
      <div className="flex justify-between text-xs">
        <span>{label}</span>
        <span className={spent ? 'font-semibold text-red-700 dark:text-red-400' : ''}>
          {format(used)} of {format(limit)}
          {spent ? ' — spent' : ` · ${format(limit - used)} left`}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={`${label}: ${format(used)} of ${format(limit)}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(ratio * 100)}
        className="h-2 overflow-hidden rounded bg-zinc-200 dark:bg-zinc-800"
      >
        <div className={`h-full ${spent ? 'bg-red-600' : 'bg-brand-600'}`} style={{ width: `${ratio * 100}%` }} />
      </div>
    </div>
  );
}

/** A budget's consumption in its current window, tokens and cost. */
export function BudgetMeter({ owner, budget }: { owner: string; budget: BudgetView }) {
  const window = budget.period === 'daily' ? `today (UTC, since ${budget.windowStart})` : `this month (UTC, since ${budget.windowStart})`;
  return (
    <li className="space-y-2 px-4 py-3">
      <p className="text-sm font-medium">
        {owner} — {budget.period} budget <span className="font-normal text-zinc-600 dark:text-zinc-400">{window}</span>
        {budget.onExceeded === 'pause' ? <span className="font-normal text-zinc-600 dark:text-zinc-400"> · pauses runs when spent</span> : null}
      </p>
      {budget.maxTokens !== null ? <Measure label="Tokens" used={budget.usedTokens} limit={budget.maxTokens} format={formatCount} /> : null}
      {budget.maxCostUsd !== null ? <Measure label="Cost (priced calls)" used={budget.usedCostUsd} limit={budget.maxCostUsd} format={formatCost} /> : null}
    </li>
  );
}
