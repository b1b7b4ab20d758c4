'use client';

import { isTerminalStatus } from '~/features/runs/run-statuses';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { buttonStyles, cardStyles } from '~/components/button-styles';
import { CallToAction } from '~/components/call-to-action';
import { ErrorNotice } from '~/components/error-notice';
import { PlusIcon, RunsIcon } from '~/components/icons';
import { PageHeader } from '~/components/page-header';
import { SkeletonRows } from '~/components/skeleton';
import { handleArrowNavigation } from '~/components/use-arrow-navigation';
import { useNow } from '~/components/use-now';
import { useAgentNames } from '~/features/agents/hooks/use-agent-names';
import { RunsDatasetBar } from '~/features/evaluations/components/runs-dataset-bar';
import { RunRow, runColumns } from '~/features/runs/components/runs-list/run-row';
import { RunsFilters } from '~/features/runs/components/runs-list/runs-filters';
import { useRunsFilters } from '~/features/runs/hooks/use-runs-filters';
import { hasRunsFilters, runsListInput } from '~/features/runs/runs-filters';
import { useCanOperate } from '~/features/session/principal-context';
import { useTRPC } from '~/trpc/react';

/**
 * The runs list: filters in the URL, newest first, "Load more" by cursor, live through tenant
 * activity (the activity hook patches every cached `runs.list` query from the changed runs' rows,
 * each with its own filters and order — ADR 0064; it refetches only what they cannot tell). While a
 * new filter loads, the previous rows stay (dimmed) instead of a skeleton, so nothing jumps.
 */
export function RunsList() {
  const trpc = useTRPC();
  const canOperate = useCanOperate();
  const [filters, setFilters] = useRunsFilters();
  const agentNames = useAgentNames();
  const runs = useInfiniteQuery(
    trpc.runs.list.infiniteQueryOptions(runsListInput(filters), { getNextPageParam: (page) => page.nextCursor, placeholderData: keepPreviousData }),
  );
  const rows = runs.data?.pages.flatMap((page) => page.runs) ?? [];
  // Active runs have a moving duration (every second); otherwise only "5 min ago" labels age, once a minute.
  const now = useNow(rows.some((run) => !isTerminalStatus(run.status)) ? 1_000 : 60_000);
  const filtered = hasRunsFilters(filters);
  // Runs ticked for a dataset (operators); finished runs only, as only they can become cases.
  const [selected, setSelected] = useState<string[]>([]);
  const toggle = (runId: string, on: boolean) => setSelected((current) => (on ? [...current, runId] : current.filter((id) => id !== runId)));

  const newRun = canOperate ? (
    <Link href="/runs/new" className={buttonStyles.primary}>
      <PlusIcon className="size-4" />
      New run
    </Link>
  ) : null;

  return (
    <>
      <PageHeader title="Runs" description="Every agent run in this tenant, live: status, steps, tokens and cost." actions={newRun} />
      <div className="mt-6">
        <RunsFilters filters={filters} onChange={setFilters} />
      </div>
      {canOperate ? (
        <div className="mt-4">
          <RunsDatasetBar selected={selected} filter={runsListInput(filters)} filtered={filtered} onClear={() => setSelected([])} />
        </div>
      ) : null}
      <div className="mt-4">
        {runs.error ? (
          <ErrorNotice title="The runs could not be loaded" message={runs.error.message} />
        ) : runs.isPending ? (
          <div className={cardStyles}>
            <SkeletonRows label="Loading runs" rows={6} />
          </div>
        ) : rows.length === 0 ? (
          <CallToAction icon={<RunsIcon />} title={filtered ? 'No runs match these filters' : 'No runs yet'} action={filtered ? null : newRun}>
            {filtered
              ? 'Clear the filters, widen the time range, or search for other text.'
              : canOperate
                ? 'Start one: pick an agent and give it an input. The seeded demo agents run offline, without a model key.'
                : 'Runs appear here as soon as an operator or an API client starts one.'}
          </CallToAction>
        ) : (
          <section
            aria-label="Runs"
            aria-busy={runs.isPlaceholderData}
            className={`${cardStyles} overflow-hidden transition-opacity ${runs.isPlaceholderData ? 'opacity-60' : ''}`}
          >
            <div
              className={`${runColumns} border-b border-zinc-200 bg-zinc-50 px-4 py-2 text-xs font-medium text-zinc-500 dark:border-zinc-800 dark:bg-zinc-900/80 dark:text-zinc-400`}
              aria-hidden="true"
            >
              <span>Agent · input</span>
              <span>Status</span>
              <span>Thread</span>
              <span>Started</span>
              <span className="text-right">Duration</span>
              <span className="text-right">Steps</span>
              <span className="text-right">Tokens</span>
              <span className="text-right">Cost</span>
            </div>
            <ul className="divide-y divide-zinc-100 dark:divide-zinc-800" onKeyDown={handleArrowNavigation}>
              {rows.map((run) => (
                <RunRow
                  key={run.id}
                  run={run}
                  agentName={agentNames.get(run.agentId)}
                  now={now}
                  selection={canOperate ? { selected: selected.includes(run.id), onChange: (on) => toggle(run.id, on) } : undefined}
                />
              ))}
            </ul>
          </section>
        )}
        {runs.hasNextPage ? (
          <div className="mt-4 flex justify-center">
            <button type="button" className={buttonStyles.secondary} disabled={runs.isFetchingNextPage} onClick={() => void runs.fetchNextPage()}>
              {runs.isFetchingNextPage ? 'Loading…' : 'Load more'}
            </button>
          </div>
        ) : null}
      </div>
    </>
  );
}
