'use client';

import type { RunFacets, RunSearchHit } from '@agentloom/platform';
import { useEffect, useRef, useState } from 'react';
import { buttonStyles, inputStyles } from '~/components/button-styles';
import { ErrorNotice } from '~/components/error-notice';
import { FilterGroup } from '~/components/filter-group';
import { formatCount } from '~/components/format';
import { errorNeighbours } from '~/features/runs/components/run-page/error-neighbours';
import { stepKindLabel } from '~/features/runs/components/run-page/timeline-colors';
import { findStepApprovals, findStepKinds, hasFilters, type StepFilters } from '~/features/runs/run-find-filters';

const selectStyles =
  'rounded-lg border border-zinc-300 bg-white px-2 py-1.5 text-sm shadow-xs focus:border-brand-500 focus:outline-none dark:border-zinc-700 dark:bg-zinc-900';

/**
 * Find things in a run of any length: text search (server-side, across messages, tool calls and
 * events), filters by kind / tool / error / approval, jump to a step, and previous/next error. The
 * search and the filters come from the URL (`useRunFind`); the box shows the applied search until
 * one is typed.
 */
export function RunFindBar({
  facets,
  filters,
  onFilters,
  matchCount,
  errorIndexes,
  selectedIndex,
  onOpen,
  search,
}: {
  facets: RunFacets | undefined;
  filters: StepFilters;
  onFilters: (next: StepFilters) => void;
  matchCount: number | null;
  errorIndexes: number[];
  selectedIndex: number | null;
  onOpen: (index: number) => void;
  search: { query: string; onQuery: (query: string) => void; hits: RunSearchHit[] | undefined; truncated: boolean; isFetching: boolean; error: { message: string } | null };
}) {
  const [text, setText] = useState(search.query);
  const [jump, setJump] = useState('');
  // Back, forward or a link change the applied search under the box: show it.
  const applied = useRef(search.query);
  useEffect(() => {
    if (search.query !== applied.current) {
      applied.current = search.query;
      setText(search.query);
    }
  }, [search.query]);
  const { next: nextError, previous: previousError } = errorNeighbours(errorIndexes, selectedIndex);

  return (
    <div className="space-y-2" role="search" aria-label="Find in this run">
      <FilterGroup label="Search, filters and jumps" className="space-y-2">
      <div className="flex flex-wrap items-end gap-2">
        <form
          className="flex min-w-64 flex-1 gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            search.onQuery(text.trim());
          }}
        >
          <label className="sr-only" htmlFor="run-search">
            Search this run
          </label>
          <input
            id="run-search"
            type="search"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              if (event.target.value === '') search.onQuery('');
            }}
            placeholder="Search messages, tool calls and events…"
            className={inputStyles}
          />
          <button type="submit" className={buttonStyles.secondary} disabled={text.trim().length < 2}>
            Search
          </button>
        </form>
        <select aria-label="Step kind" className={selectStyles} value={filters.kind ?? ''} onChange={(event) => onFilters({ ...filters, kind: findStepKinds.find((kind) => kind === event.target.value) })}>
          <option value="">All kinds</option>
          {facets?.kinds.map((entry) => (
            <option key={entry.kind} value={entry.kind}>
              {stepKindLabel(entry.kind)} ({formatCount(entry.steps)})
            </option>
          ))}
        </select>
        <select aria-label="Tool" className={selectStyles} value={filters.toolName ?? ''} onChange={(event) => onFilters({ ...filters, toolName: event.target.value || undefined })}>
          <option value="">All tools</option>
          {facets?.tools.map((entry) => (
            <option key={entry.name} value={entry.name}>
              {entry.name} ({formatCount(entry.calls)})
            </option>
          ))}
        </select>
        <select
          aria-label="Approval"
          className={selectStyles}
          value={filters.approval ?? ''}
          onChange={(event) => onFilters({ ...filters, approval: findStepApprovals.find((approval) => approval === event.target.value) })}
        >
          <option value="">Any approval</option>
          <option value="any">Asked for approval ({formatCount(facets?.approvalSteps ?? 0)})</option>
          <option value="pending">Pending</option>
          <option value="approved">Approved</option>
          <option value="rejected">Rejected</option>
          <option value="expired">Expired</option>
        </select>
        <label className="flex items-center gap-1.5 py-1.5 text-sm">
          <input type="checkbox" checked={filters.errors ?? false} onChange={(event) => onFilters({ ...filters, errors: event.target.checked || undefined })} />
          Errors only ({formatCount(facets?.errorSteps ?? 0)})
        </label>
        {hasFilters(filters) ? (
          <button type="button" className={buttonStyles.ghost} onClick={() => onFilters({})}>
            Clear filters{matchCount === null ? '' : ` · ${formatCount(matchCount)} match`}
          </button>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <form
          className="flex items-center gap-1.5"
          onSubmit={(event) => {
            event.preventDefault();
            const index = Number(jump);
            if (jump !== '' && Number.isInteger(index) && index >= 0) onOpen(index);
          }}
        >
          <label htmlFor="jump-to-step" className="whitespace-nowrap">
            Jump to step
          </label>
          <input id="jump-to-step" inputMode="numeric" pattern="[0-9]*" value={jump} onChange={(event) => setJump(event.target.value)} className={`${selectStyles} w-24`} />
          <button type="submit" className={buttonStyles.secondary}>
            Go
          </button>
        </form>
        <span className="ml-auto flex items-center gap-1.5">
          <button type="button" className={buttonStyles.secondary} disabled={previousError === undefined} onClick={() => previousError !== undefined && onOpen(previousError)}>
            ↑ Previous error
          </button>
          <button type="button" className={buttonStyles.secondary} disabled={nextError === undefined} onClick={() => nextError !== undefined && onOpen(nextError)}>
            ↓ Next error
          </button>
        </span>
      </div>
      </FilterGroup>
      {search.error ? <ErrorNotice title="The search failed" message={search.error.message} /> : null}
      {search.query ? <SearchResults query={search.query} hits={search.hits} truncated={search.truncated} isFetching={search.isFetching} onOpen={onOpen} /> : null}
    </div>
  );
}

function SearchResults({ query, hits, truncated, isFetching, onOpen }: { query: string; hits: RunSearchHit[] | undefined; truncated: boolean; isFetching: boolean; onOpen: (index: number) => void }) {
  if (!hits) return <p className="text-sm text-zinc-600 dark:text-zinc-400">{isFetching ? 'Searching…' : ''}</p>;
  return (
    <section aria-label="Search results" className="rounded-lg border border-zinc-200 dark:border-zinc-800">
      <p className="border-b border-zinc-200 px-3 py-1.5 text-xs text-zinc-600 dark:border-zinc-800 dark:text-zinc-400">
        {hits.length === 0 ? `Nothing in this run matches “${query}”.` : `${formatCount(hits.length)} matches for “${query}”${truncated ? ' — the first ones of each kind; refine the search for more' : ''}`}
      </p>
      <ol className="max-h-56 divide-y divide-zinc-100 overflow-auto dark:divide-zinc-800">
        {hits.map((hit) => (
          <li key={`${hit.source}:${hit.id}`}>
            <button
              type="button"
              disabled={hit.stepIndex === null}
              onClick={() => hit.stepIndex !== null && onOpen(hit.stepIndex)}
              className="flex w-full items-baseline gap-2 px-3 py-1.5 text-left text-xs hover:bg-zinc-50 disabled:cursor-default dark:hover:bg-zinc-800/40"
            >
              <span className="w-16 shrink-0 font-mono text-zinc-600 tabular-nums dark:text-zinc-400">{hit.stepIndex === null ? 'run' : `#${hit.stepIndex}`}</span>
              <span className="w-40 shrink-0 truncate font-medium">
                {hit.source} · {hit.label}
              </span>
              <span className="truncate text-zinc-700 dark:text-zinc-300">{hit.excerpt}</span>
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
