'use client';

import { FilterGroup } from '~/components/filter-group';
import { AgentSelect } from '~/features/agents/components/agent-select';
import type { ThreadsFilters } from '~/features/threads/threads-filters';

export function ThreadsFilterBar({ filters, onChange }: { filters: ThreadsFilters; onChange: (next: Partial<ThreadsFilters>) => void }) {
  return (
    <FilterGroup label="Thread filters" className="flex flex-wrap items-end gap-4">
      <label className="text-xs font-medium text-zinc-600 dark:text-zinc-400">
        Agent
        <AgentSelect value={filters.agentId} onChange={(agentId) => onChange({ agentId })} emptyLabel="All agents" className="mt-1 w-56" />
      </label>
      <label className="flex items-center gap-2 pb-2 text-sm text-zinc-700 dark:text-zinc-300">
        <input
          type="checkbox"
          checked={filters.includeArchived}
          onChange={(event) => onChange({ includeArchived: event.target.checked })}
          className="size-4 rounded border-zinc-300"
        />
        Show archived
      </label>
    </FilterGroup>
  );
}
