'use client';

import { useQuery } from '@tanstack/react-query';
import { inputStyles } from '~/components/button-styles';
import type { ThreadsFilters } from '~/features/threads/threads-filters';
import { useTRPC } from '~/trpc/react';

export function ThreadsFilterBar({ filters, onChange }: { filters: ThreadsFilters; onChange: (next: Partial<ThreadsFilters>) => void }) {
  const trpc = useTRPC();
  const agents = useQuery(trpc.agents.list.queryOptions({ includeArchived: true }));
  return (
    <div className="flex flex-wrap items-end gap-4">
      <label className="text-xs font-medium text-zinc-600 dark:text-zinc-400">
        Agent
        <select
          value={filters.agentId ?? ''}
          onChange={(event) => onChange({ agentId: event.target.value || undefined })}
          className={`${inputStyles} mt-1 w-56`}
        >
          <option value="">All agents</option>
          {(agents.data ?? []).map((agent) => (
            <option key={agent.id} value={agent.id}>
              {agent.name}
            </option>
          ))}
        </select>
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
    </div>
  );
}
