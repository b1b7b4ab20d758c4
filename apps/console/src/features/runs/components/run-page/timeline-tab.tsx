'use client';

import type { RunView } from '@agentloom/platform';
import { skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { cardStyles } from '~/components/button-styles';
import { ErrorNotice } from '~/components/error-notice';
import { SkeletonRows } from '~/components/skeleton';
import { errorNeighbours } from '~/features/runs/components/run-page/error-neighbours';
import { RunFindBar } from '~/features/runs/components/run-page/run-find-bar';
import { ForkFromStep } from '~/features/runs/components/fork/fork-from-step';
import { StepFeedback } from '~/features/feedback/components/step-feedback';
import { StepPanel } from '~/features/runs/components/run-page/step-panel';
import { useCanOperate } from '~/features/session/principal-context';
import { TimelineChart } from '~/features/runs/components/run-page/timeline-chart';
import { useRunPageState } from '~/features/runs/components/run-page/use-run-page-state';
import { useRunFind } from '~/features/runs/hooks/use-run-find';
import { useRunSteps } from '~/features/runs/hooks/use-run-steps';
import { hasFilters, type StepFilters } from '~/features/runs/run-find-filters';
import { useTRPC } from '~/trpc/react';

/**
 * The run as something to interrogate: find bar (search, filters, jump, previous/next error), the
 * timeline, and the open step's panel. The open step (`?step=N` or `?call=ID`), the search and the
 * filters live in the URL.
 */
export function TimelineTab({ run, revision }: { run: RunView; revision: number }) {
  const trpc = useTRPC();
  const canOperate = useCanOperate();
  const { steps, isPending, error } = useRunSteps(run.id, revision);
  const { openStep, showStep } = useRunPageState();
  const [find, setFind] = useRunFind();
  const { query } = find;

  const facets = useQuery(trpc.runSteps.facets.queryOptions({ runId: run.id }));
  const filters = useMemo(() => withKnownTool(find.filters, facets.data?.tools), [find.filters, facets.data?.tools]);
  const filtered = useQuery(trpc.runSteps.find.queryOptions(hasFilters(filters) ? { runId: run.id, ...(filters as object) } : skipToken));
  const errors = useQuery(trpc.runSteps.find.queryOptions((facets.data?.errorSteps ?? 0) > 0 ? { runId: run.id, errors: true } : skipToken));
  const search = useQuery(trpc.runSteps.search.queryOptions(query.length >= 2 ? { runId: run.id, query } : skipToken));
  const detail = useQuery(trpc.runSteps.get.queryOptions(openStep ? { runId: run.id, ...openStep } : skipToken));

  const rows = useMemo(() => {
    if (!hasFilters(filters) || !filtered.data) return steps;
    const wanted = new Set(filtered.data.stepIndexes);
    return steps.filter((step) => wanted.has(step.index));
  }, [steps, filters, filtered.data]);
  const selectedIndex = openStep && 'step' in openStep ? openStep.step : (detail.data?.step.index ?? null);
  const errorTargets = errorNeighbours(errors.data?.stepIndexes ?? [], selectedIndex);

  // "Next error" and "previous error" open a step far from the rows on screen. Their details are
  // fetched before the click (two small reads per step opened, in a run that has errors), so the
  // panel draws from the cache at once instead of one server round trip after the click.
  const queryClient = useQueryClient();
  useEffect(() => {
    for (const step of new Set([errorTargets.next, errorTargets.previous])) {
      if (step !== undefined) void queryClient.prefetchQuery(trpc.runSteps.get.queryOptions({ runId: run.id, step }));
    }
  }, [queryClient, trpc, run.id, errorTargets.next, errorTargets.previous]);

  if (error) return <ErrorNotice title="The steps could not be loaded" message={error.message} />;
  if (isPending) return <div className={cardStyles}><SkeletonRows label="Loading steps" rows={8} /></div>;

  return (
    <div className="space-y-3">
      <RunFindBar
        facets={facets.data}
        filters={filters}
        onFilters={(next) => setFind({ query, filters: next })}
        matchCount={filtered.data?.stepIndexes.length ?? null}
        errorIndexes={errors.data?.stepIndexes ?? []}
        selectedIndex={selectedIndex}
        onOpen={showStep}
        search={{
          query,
          onQuery: (next) => setFind({ query: next, filters }),
          hits: search.data?.hits,
          truncated: search.data ? Object.values(search.data.truncated).some(Boolean) : false,
          isFetching: search.isFetching,
          error: search.error,
        }}
      />
      <div className={openStep ? 'grid gap-4 xl:grid-cols-[minmax(0,1fr)_34rem]' : ''}>
        <TimelineChart run={run} steps={steps} rows={rows} selectedIndex={selectedIndex} onOpen={showStep} />
        {openStep ? (
          <StepPanel
            detail={detail.data}
            error={detail.error}
            isPending={detail.isPending}
            onOpen={showStep}
            onClose={() => showStep(null)}
            actions={canOperate && detail.data ? <ForkFromStep run={run} stepIndex={detail.data.step.index} /> : null}
            feedback={(stepIndex) => <StepFeedback runId={run.id} stepIndex={stepIndex} />}
          />
        ) : null}
      </div>
    </div>
  );
}

/** A tool filter from a link names a tool this run never called: the select cannot show it, so it is ignored. */
function withKnownTool(filters: StepFilters, tools: { name: string }[] | undefined): StepFilters {
  if (filters.toolName === undefined || tools === undefined || tools.some((tool) => tool.name === filters.toolName)) return filters;
  const known = { ...filters };
  delete known.toolName;
  return known;
}
