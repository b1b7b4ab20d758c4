'use client';

import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { FilterGroup } from '~/components/filter-group';
import { cardStyles } from '~/components/button-styles';
import { CallToAction } from '~/components/call-to-action';
import { ErrorNotice } from '~/components/error-notice';
import { RunsIcon } from '~/components/icons';
import { Skeleton, SkeletonRows } from '~/components/skeleton';
import { UsageChart } from '~/features/usage/components/usage-chart';
import { UsageTable } from '~/features/usage/components/usage-table';
import { useUsageFilters } from '~/features/usage/components/use-usage-filters';
import { usageMetrics, usageRanges, usageSummaryInput } from '~/features/usage/usage-filters';
import { useTRPC } from '~/trpc/react';

const selectStyles = 'rounded-lg border border-zinc-300 bg-white px-2 py-1.5 text-sm dark:border-zinc-700 dark:bg-zinc-900';

/** Usage per agent over the last N days, with a daily chart of runs, tokens or cost. */
export function UsagePanel() {
  const trpc = useTRPC();
  const [filters, setFilters] = useUsageFilters();
  const agents = useQuery(trpc.agents.list.queryOptions({ includeArchived: true }));
  const input = useMemo(() => usageSummaryInput(filters), [filters]);
  const summary = useQuery(trpc.usage.summary.queryOptions(input));

  return (
    <div className="space-y-4">
      <FilterGroup label="Usage filters" className="flex flex-wrap items-center gap-3 text-sm">
        <select
          aria-label="Range"
          value={filters.days}
          onChange={(event) => setFilters({ days: Number(event.target.value) as (typeof usageRanges)[number] })}
          className={selectStyles}
        >
          {usageRanges.map((days) => (
            <option key={days} value={days}>
              Last {days} days
            </option>
          ))}
        </select>
        <select
          aria-label="Agent"
          value={filters.agentId ?? ''}
          onChange={(event) => setFilters({ agentId: event.target.value || undefined })}
          className={selectStyles}
        >
          <option value="">All agents</option>
          {agents.data?.map((agent) => (
            <option key={agent.id} value={agent.id}>
              {agent.name}
            </option>
          ))}
        </select>
        <div role="radiogroup" aria-label="Chart" className="inline-flex overflow-hidden rounded-lg border border-zinc-300 dark:border-zinc-700">
          {usageMetrics.map((metric) => (
            <button
              key={metric.id}
              type="button"
              role="radio"
              aria-checked={filters.metric === metric.id}
              onClick={() => setFilters({ metric: metric.id })}
              className={`px-3 py-1.5 ${filters.metric === metric.id ? 'bg-brand-600 text-white' : 'bg-white hover:bg-zinc-50 dark:bg-zinc-900 dark:hover:bg-zinc-800'}`}
            >
              {metric.label}
            </button>
          ))}
        </div>
      </FilterGroup>
      {summary.error ? (
        <ErrorNotice title="Usage could not be loaded" message={summary.error.message} />
      ) : !summary.data ? (
        <>
          <div className={`${cardStyles} p-4`} role="status" aria-label="Loading usage">
            <Skeleton className="h-40 w-full" />
          </div>
          <div className={cardStyles}>
            <SkeletonRows label="Loading usage per agent" rows={3} />
          </div>
        </>
      ) : (
        <>
          <div className={`${cardStyles} p-4`}>
            <UsageChart daily={summary.data.daily} metric={filters.metric} />
          </div>
          {summary.data.agents.length === 0 ? (
            <CallToAction icon={<RunsIcon />} title="No runs in this window">
              Start a run from the Runs page (the demo agents run offline), or pick a longer range.
            </CallToAction>
          ) : (
            <UsageTable summary={summary.data} />
          )}
        </>
      )}
    </div>
  );
}
