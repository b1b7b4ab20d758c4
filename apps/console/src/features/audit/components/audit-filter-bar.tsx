'use client';

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { buttonStyles, inputStyles } from '~/components/button-styles';
import { FilterGroup } from '~/components/filter-group';
import type { AuditFilters } from '~/features/audit/audit-filters';
import { useTRPC } from '~/trpc/react';

const selectStyles = 'rounded-lg border border-zinc-300 bg-white px-2 py-1.5 text-sm dark:border-zinc-700 dark:bg-zinc-900';

/** Action, actor, target and day range; each change goes to the URL (and so to the query). */
export function AuditFilterBar({ filters, onChange }: { filters: AuditFilters; onChange: (next: Partial<AuditFilters>) => void }) {
  const trpc = useTRPC();
  const facets = useQuery(trpc.audit.facets.queryOptions());
  const keys = useQuery(trpc.apiKeys.list.queryOptions());
  const [targetId, setTargetId] = useState(filters.targetId ?? '');
  const active = Object.values(filters).some((value) => value !== undefined);
  return (
    <FilterGroup label="Audit filters" className="flex flex-wrap items-end gap-3 text-sm">
      <label className="block">
        <span className="block text-xs text-zinc-500 dark:text-zinc-400">Action</span>
        <select
          aria-label="Action"
          value={filters.action ?? ''}
          onChange={(event) => onChange({ action: event.target.value || undefined })}
          className={selectStyles}
        >
          <option value="">Any action</option>
          {facets.data?.actions.map((action) => (
            <option key={action}>{action}</option>
          ))}
        </select>
      </label>
      <label className="block">
        <span className="block text-xs text-zinc-500 dark:text-zinc-400">Actor</span>
        <select
          aria-label="Actor"
          value={filters.actorId ?? ''}
          onChange={(event) => onChange({ actorId: event.target.value || undefined })}
          className={selectStyles}
        >
          <option value="">Anyone</option>
          {keys.data?.apiKeys.map((key) => (
            <option key={key.id} value={key.id}>
              {key.name} ({key.prefix})
            </option>
          ))}
          <option value="retention">system: retention</option>
        </select>
      </label>
      <label className="block">
        <span className="block text-xs text-zinc-500 dark:text-zinc-400">Target type</span>
        <select
          aria-label="Target type"
          value={filters.targetType ?? ''}
          onChange={(event) => onChange({ targetType: event.target.value || undefined })}
          className={selectStyles}
        >
          <option value="">Any target</option>
          {facets.data?.targetTypes.map((targetType) => (
            <option key={targetType}>{targetType}</option>
          ))}
        </select>
      </label>
      <form
        className="block"
        onSubmit={(event) => {
          event.preventDefault();
          onChange({ targetId: targetId.trim() || undefined });
        }}
      >
        <label className="block">
          <span className="block text-xs text-zinc-500 dark:text-zinc-400">Target id (Enter)</span>
          <input
            aria-label="Target id"
            value={targetId}
            onChange={(event) => setTargetId(event.target.value)}
            onBlur={() => onChange({ targetId: targetId.trim() || undefined })}
            className={`${inputStyles} w-72 font-mono`}
          />
        </label>
      </form>
      <label className="block">
        <span className="block text-xs text-zinc-500 dark:text-zinc-400">From day</span>
        <input
          type="date"
          aria-label="From day"
          value={filters.fromDay ?? ''}
          onChange={(event) => onChange({ fromDay: event.target.value || undefined })}
          className={selectStyles}
        />
      </label>
      <label className="block">
        <span className="block text-xs text-zinc-500 dark:text-zinc-400">To day (inclusive)</span>
        <input
          type="date"
          aria-label="To day"
          value={filters.toDay ?? ''}
          onChange={(event) => onChange({ toDay: event.target.value || undefined })}
          className={selectStyles}
        />
      </label>
      {active ? (
        <button
          type="button"
          className={buttonStyles.ghost}
          onClick={() => {
            setTargetId('');
            onChange({ action: undefined, actorId: undefined, targetType: undefined, targetId: undefined, fromDay: undefined, toDay: undefined });
          }}
        >
          Clear filters
        </button>
      ) : null}
    </FilterGroup>
  );
}
