import type { Metadata } from 'next';
import { RunPage } from '~/features/runs/components/run-page/run-page';
import { nextRunStepsCursor, runStepsListInput, serverFirstPageSize } from '~/features/runs/run-steps-query';
import { getServerQueryClient, HydrateClient, trpc } from '~/trpc/server';

export const metadata: Metadata = { title: 'Run' };
export const dynamic = 'force-dynamic';

export default async function RunDetailPage({ params, searchParams }: { params: Promise<{ runId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const [{ runId }, search] = await Promise.all([params, searchParams]);
  const queryClient = getServerQueryClient();
  const onTimeline = search.tab === undefined || search.tab === 'timeline';
  // Prefetched so the header renders with the page; a bad id surfaces as the query's error in place.
  // On the timeline, its first rows too: they are then in the HTML, instead of waiting for the
  // scripts, hydration and a request of their own (the run page's first render under load was that
  // waterfall). Only the rows the first paint draws: the infinite query's first page holds a short
  // page read under its own key, and the client continues after its last row in full pages.
  const firstSteps = trpc.runSteps.list.queryOptions({ ...runStepsListInput(runId), limit: serverFirstPageSize });
  await Promise.all([
    queryClient.prefetchQuery(trpc.runs.get.queryOptions({ runId })),
    queryClient.prefetchQuery(trpc.agents.list.queryOptions({ includeArchived: true })),
    onTimeline
      ? queryClient.prefetchInfiniteQuery({
          ...trpc.runSteps.list.infiniteQueryOptions(runStepsListInput(runId), { getNextPageParam: nextRunStepsCursor }),
          queryFn: () => queryClient.fetchQuery(firstSteps),
          pages: 1,
        })
      : undefined,
  ]);
  // Its rows are the infinite query's first page now; sending them twice would undo the saving.
  queryClient.removeQueries({ queryKey: firstSteps.queryKey, exact: true });
  return (
    <HydrateClient>
      <RunPage runId={runId} />
    </HydrateClient>
  );
}
