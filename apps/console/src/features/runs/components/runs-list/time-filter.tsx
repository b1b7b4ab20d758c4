'use client';

import { inputStyles } from '~/components/button-styles';
import { runTimeWindows, type RunsFilters } from '~/features/runs/runs-filters';

const customValue = 'custom';

/**
 * When runs were queued: any time, a preset window (the server measures it from "now" on every
 * fetch, so a live list keeps sliding), or a custom UTC range. The range is UTC so a shared link
 * means the same minutes to everyone and the server renders the same inputs as the browser.
 */
export function TimeFilter({
  filters,
  onChange,
  customChosen,
  onCustomChosen,
}: {
  filters: RunsFilters;
  onChange: (next: Partial<RunsFilters>) => void;
  /** "Custom range" picked with no bound entered yet: only the page knows; the URL learns of it with the first bound. */
  customChosen: boolean;
  onCustomChosen: (chosen: boolean) => void;
}) {
  const hasRange = filters.from !== undefined || filters.to !== undefined;
  const custom = hasRange || customChosen;
  const selectValue = custom ? customValue : (filters.within ?? '');
  return (
    <>
      <label className="w-36 shrink-0 text-xs font-medium text-zinc-600 dark:text-zinc-400">
        Queued
        <select
          aria-label="Queued"
          value={selectValue}
          onChange={(event) => {
            const value = event.target.value;
            onCustomChosen(value === customValue);
            onChange({ within: runTimeWindows.find((window) => window.value === value)?.value, from: undefined, to: undefined });
          }}
          className={`${inputStyles} mt-1`}
        >
          <option value="">Any time</option>
          {runTimeWindows.map((window) => (
            <option key={window.value} value={window.value}>
              {window.label}
            </option>
          ))}
          <option value={customValue}>Custom range…</option>
        </select>
      </label>
      {custom ? (
        <>
          <label className="w-52 shrink-0 text-xs font-medium text-zinc-600 dark:text-zinc-400">
            From (UTC)
            <input
              type="datetime-local"
              value={filters.from ?? ''}
              max={filters.to}
              onChange={(event) => onChange({ within: undefined, from: event.target.value.slice(0, 16) || undefined })}
              className={`${inputStyles} mt-1`}
            />
          </label>
          <label className="w-52 shrink-0 text-xs font-medium text-zinc-600 dark:text-zinc-400">
            To (UTC, before)
            <input
              type="datetime-local"
              value={filters.to ?? ''}
              min={filters.from}
              onChange={(event) => onChange({ within: undefined, to: event.target.value.slice(0, 16) || undefined })}
              className={`${inputStyles} mt-1`}
            />
          </label>
        </>
      ) : null}
    </>
  );
}
