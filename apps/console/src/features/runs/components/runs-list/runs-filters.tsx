'use client';

import { useState } from 'react';
import { inputStyles } from '~/components/button-styles';
import { FilterGroup } from '~/components/filter-group';
import { AgentSelect } from '~/features/agents/components/agent-select';
import { runStatusLabel } from '~/features/runs/components/run-status-badge';
import { SearchBox } from '~/features/runs/components/runs-list/search-box';
import { ThreadFilter } from '~/features/runs/components/runs-list/thread-filter';
import { TimeFilter } from '~/features/runs/components/runs-list/time-filter';
import { runStatuses } from '~/features/runs/run-statuses';
import { hasRunsFilters, noRunsFilters, type RunsFilters as Filters } from '~/features/runs/runs-filters';

/** Status, agent, thread, time and search; every change goes to the URL, and from there to the query. */
export function RunsFilters({ filters, onChange }: { filters: Filters; onChange: (next: Partial<Filters>) => void }) {
  const [customChosen, setCustomChosen] = useState(false);
  const filtered = hasRunsFilters(filters);
  return (
    <FilterGroup label="Run filters" className="flex flex-wrap items-end gap-3">
      <SearchBox search={filters.search} onSearch={(search) => onChange({ search })} />
      <label className="w-36 shrink-0 text-xs font-medium text-zinc-600 dark:text-zinc-400">
        Status
        <select
          aria-label="Status"
          value={filters.status ?? ''}
          onChange={(event) => onChange({ status: runStatuses.find((status) => status === event.target.value) })}
          className={`${inputStyles} mt-1`}
        >
          <option value="">All statuses</option>
          {runStatuses.map((status) => (
            <option key={status} value={status}>
              {runStatusLabel(status)}
            </option>
          ))}
        </select>
      </label>
      <label className="w-40 shrink-0 text-xs font-medium text-zinc-600 dark:text-zinc-400">
        Agent
        <AgentSelect
          ariaLabel="Agent"
          value={filters.agentId}
          // Threads belong to one agent: picking another agent drops the thread filter.
          onChange={(agentId) => onChange(agentId ? { agentId, threadId: undefined } : { agentId: undefined })}
          emptyLabel="All agents"
          className="mt-1"
        />
      </label>
      <label className="w-24 shrink-0 text-xs font-medium text-zinc-600 dark:text-zinc-400">
        Version
        <input
          aria-label="Agent version"
          inputMode="numeric"
          placeholder="any"
          value={filters.agentVersion ?? ''}
          onChange={(event) => {
            const value = event.target.value.trim();
            if (value === '' || /^[1-9]\d{0,8}$/.test(value)) onChange({ agentVersion: value || undefined });
          }}
          className={`${inputStyles} mt-1`}
        />
      </label>
      <ThreadFilter filters={filters} onChange={onChange} />
      <TimeFilter filters={filters} onChange={onChange} customChosen={customChosen} onCustomChosen={setCustomChosen} />
      {/* Always laid out (hidden when there is nothing to clear), so applying a filter never re-wraps the bar. */}
      <button
        type="button"
        disabled={!filtered}
        aria-hidden={!filtered}
        onClick={() => {
          setCustomChosen(false);
          onChange(noRunsFilters);
        }}
        className={`pb-2 text-sm font-medium text-brand-600 hover:underline dark:text-brand-400 ${filtered ? '' : 'invisible'}`}
      >
        Clear filters
      </button>
    </FilterGroup>
  );
}
