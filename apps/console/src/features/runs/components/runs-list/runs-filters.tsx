'use client';

import { runStatuses } from '~/features/runs/run-statuses';
import { useQuery } from '@tanstack/react-query';
import { inputStyles } from '~/components/button-styles';
import { runStatusLabel } from '~/features/runs/components/run-status-badge';
import type { RunsFilters as Filters } from '~/features/runs/runs-filters';
import { useTRPC } from '~/trpc/react';

export function RunsFilters({ filters, onChange }: { filters: Filters; onChange: (next: Partial<Filters>) => void }) {
  const trpc = useTRPC();
  const agents = useQuery(trpc.agents.list.queryOptions({ includeArchived: true }));
  return (
    <div className="flex flex-wrap items-end gap-3">
      <label className="text-xs font-medium text-zinc-600 dark:text-zinc-400">
        Status
        <select
          value={filters.status ?? ''}
          onChange={(event) => onChange({ status: runStatuses.find((status) => status === event.target.value) })}
          className={`${inputStyles} mt-1 w-48`}
        >
          <option value="">All statuses</option>
          {runStatuses.map((status) => (
            <option key={status} value={status}>
              {runStatusLabel(status)}
            </option>
          ))}
        </select>
      </label>
      <label className="text-xs font-medium text-zinc-600 dark:text-zinc-400">
        Agent
        <select value={filters.agentId ?? ''} onChange={(event) => onChange({ agentId: event.target.value || undefined })} className={`${inputStyles} mt-1 w-56`}>
          <option value="">All agents</option>
          {(agents.data ?? []).map((agent) => (
            <option key={agent.id} value={agent.id}>
              {agent.name}
            </option>
          ))}
        </select>
      </label>
      {filters.status || filters.agentId ? (
        <button type="button" onClick={() => onChange({ status: undefined, agentId: undefined })} className="pb-2 text-sm font-medium text-brand-600 hover:underline dark:text-brand-400">
          Clear filters
        </button>
      ) : null}
    </div>
  );
}
