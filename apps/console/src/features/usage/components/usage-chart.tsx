import type { DailyUsageView } from '@agentloom/platform';
import { formatCost, formatCount } from '~/components/format';
import { formatUsageCost } from '~/features/usage/usage-cost';
import type { UsageFilters } from '~/features/usage/usage-filters';

const width = 720;
const height = 160;
const bottom = 18;

function valueOf(point: DailyUsageView, metric: UsageFilters['metric']): number {
  if (metric === 'cost') return point.costUsd;
  if (metric === 'tokens') return point.inputTokens + point.outputTokens;
  return point.runs;
}

function formatValue(value: number, metric: UsageFilters['metric']): string {
  return metric === 'cost' ? formatCost(value) : formatCount(value);
}

/** A bar per UTC day, drawn as plain SVG (no chart library): the shape of the window at a glance. */
export function UsageChart({ daily, metric }: { daily: DailyUsageView[]; metric: UsageFilters['metric'] }) {
  const values = daily.map((point) => valueOf(point, metric));
  const maximum = Math.max(...values, 0);
  const slot = width / Math.max(daily.length, 1);
  const barWidth = Math.max(2, slot * 0.7);
  const plotHeight = height - bottom;
  const labelEvery = Math.ceil(daily.length / 8);
  // A bar is the priced part of the day's cost; the caption says when runs without prices are left out.
  const unpricedRuns = metric === 'cost' ? daily.reduce((sum, point) => sum + point.unpricedRuns, 0) : 0;
  const unpricedNote =
    unpricedRuns > 0 ? ` — ${formatCount(unpricedRuns)} ${unpricedRuns === 1 ? 'run has' : 'runs have'} no prices: their cost is unknown and not drawn` : '';
  return (
    <figure className="w-full">
      <svg viewBox={`0 0 ${width} ${height}`} className="h-40 w-full" role="img" aria-label={`Daily ${metric}, peak ${formatValue(maximum, metric)}`}>
        <line x1={0} x2={width} y1={plotHeight} y2={plotHeight} className="stroke-zinc-300 dark:stroke-zinc-700" />
        {daily.map((point, index) => {
          const value = values[index] ?? 0;
          const barHeight = maximum === 0 ? 0 : (value / maximum) * (plotHeight - 8);
          const x = index * slot + (slot - barWidth) / 2;
          return (
            <g key={point.day}>
              <rect x={x} y={plotHeight - barHeight} width={barWidth} height={barHeight} rx={1.5} className="fill-brand-500 dark:fill-brand-400">
                <title>{`${point.day}: ${metric === 'cost' ? formatUsageCost(point) : formatValue(value, metric)}`}</title>
              </rect>
              {index % labelEvery === 0 ? (
                <text x={index * slot + slot / 2} y={height - 4} textAnchor="middle" className="fill-zinc-500 text-[10px]">
                  {point.day.slice(5)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <figcaption className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
        Peak {formatValue(maximum, metric)} per day{maximum === 0 && unpricedRuns === 0 ? ' — nothing ran in this window' : unpricedNote}.
      </figcaption>
    </figure>
  );
}
