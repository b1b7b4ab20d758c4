'use client';

import { useQuery } from '@tanstack/react-query';
import type { Route } from 'next';
import Link from 'next/link';
import { cardStyles } from '~/components/button-styles';
import { ErrorNotice } from '~/components/error-notice';
import { LocalTime } from '~/components/local-time';
import { SkeletonRows } from '~/components/skeleton';
import { useAgentNames } from '~/features/agents/hooks/use-agent-names';
import { useTRPC } from '~/trpc/react';
import { ExperimentAggregates } from './experiment-aggregates';
import { ExperimentResultsTable } from './experiment-results-table';

/**
 * One experiment: what it replayed, live progress (the tenant activity stream refreshes it while
 * replays finish), aggregates, and the per-case results with regressions first in the eye.
 */
export function ExperimentPage({ dataset, experimentId }: { dataset: string; experimentId: string }) {
  const trpc = useTRPC();
  const agentNames = useAgentNames();
  const experiment = useQuery(trpc.experiments.get.queryOptions({ experimentId }));
  const baselineId = experiment.data?.baselineExperimentId ?? null;
  // The baseline's replay runs are the left side of each case's comparison.
  const baseline = useQuery({ ...trpc.experiments.get.queryOptions({ experimentId: baselineId ?? '' }), enabled: baselineId !== null });
  const view = experiment.data;
  const datasetHref = `/datasets/${encodeURIComponent(dataset)}` as Route;
  const scored = view ? view.results.filter((result) => result.status !== 'running').length : 0;

  return (
    <div className="space-y-6">
      <header className="border-b border-zinc-200 pb-6 dark:border-zinc-800">
        <nav aria-label="Breadcrumb" className="text-sm">
          <Link href="/datasets" className="text-brand-700 hover:underline dark:text-brand-300">
            Datasets
          </Link>
          <span aria-hidden="true"> / </span>
          <Link href={datasetHref} className="font-mono text-brand-700 hover:underline dark:text-brand-300">
            {dataset}
          </Link>
        </nav>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight">
          Experiment{view ? `: ${agentNames.get(view.agentId) ?? 'Agent'} v${view.agentVersion}` : ''}
        </h1>
        {view ? (
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-300">
            Dataset v{view.datasetVersion} · model replies {view.modelMode === 'recorded' ? 'recorded until the first divergence' : 'live'} · memory{' '}
            {view.memoryMode === 'live' ? 'live' : 'as recorded'} · started{' '}
            <LocalTime iso={view.createdAt} />
            {view.baselineExperimentId ? (
              <>
                {' · baseline '}
                <Link href={`${datasetHref}/experiments/${view.baselineExperimentId}` as Route} className="text-brand-700 underline dark:text-brand-300">
                  {baseline.data ? `${agentNames.get(baseline.data.agentId) ?? 'Agent'} v${baseline.data.agentVersion}` : view.baselineExperimentId.slice(0, 8)}
                </Link>
              </>
            ) : (
              ' · no baseline'
            )}
          </p>
        ) : null}
      </header>
      {experiment.error ? (
        <ErrorNotice title="The experiment could not be loaded" message={experiment.error.message} />
      ) : !view ? (
        <div className={cardStyles}>
          <SkeletonRows label="Loading the experiment" rows={6} />
        </div>
      ) : (
        <>
          <section aria-label="Progress" className={`${cardStyles} space-y-2 p-4 text-sm`}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p data-testid="experiment-status" data-status={view.status}>
                {view.status === 'completed' ? (
                  <>Completed {view.finishedAt ? <LocalTime iso={view.finishedAt} /> : null}</>
                ) : (
                  `Running: ${scored} of ${view.results.length} cases scored`
                )}
              </p>
              {/* Erased replays are in no result below (ADR 0104): the verdict is on fewer cases than the experiment started with. */}
              {view.erasedCases > 0 ? (
                <p data-testid="experiment-erased-cases" className="font-medium text-amber-800 dark:text-amber-300">
                  {view.erasedCases} {view.erasedCases === 1 ? 'case' : 'cases'} erased
                </p>
              ) : null}
              <p className="text-xs text-zinc-600 dark:text-zinc-300">
                Scorers: {view.scorers.map((scorer) => (scorer as { type: string }).type).join(', ') || 'none'} (+ usage deltas)
              </p>
            </div>
            <div
              role="progressbar"
              aria-label="Cases scored"
              aria-valuemin={0}
              aria-valuemax={view.results.length}
              aria-valuenow={scored}
              className="h-2 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800"
            >
              <div className="h-full bg-brand-600" style={{ width: `${view.results.length === 0 ? 0 : (scored / view.results.length) * 100}%` }} />
            </div>
          </section>
          {view.summary ? <ExperimentAggregates summary={view.summary} hasBaseline={view.baselineExperimentId !== null} /> : null}
          <ExperimentResultsTable experiment={view} baseline={baseline.data ?? null} />
        </>
      )}
    </div>
  );
}
