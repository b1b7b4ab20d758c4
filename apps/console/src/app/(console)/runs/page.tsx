import type { Metadata } from 'next';
import { RunsList } from '~/features/runs/components/runs-list/runs-list';
import { parseRunsFilters, runsListInput, threadChoicesInput } from '~/features/runs/runs-filters';
import { getServerQueryClient, HydrateClient, trpc } from '~/trpc/server';

export const metadata: Metadata = { title: 'Runs' };
export const dynamic = 'force-dynamic';

export default async function RunsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const query = await searchParams;
  const filters = parseRunsFilters({ get: (name) => (typeof query[name] === 'string' ? query[name] : null) });
  const queryClient = getServerQueryClient();
  await Promise.all([
    queryClient.prefetchInfiniteQuery(trpc.runs.list.infiniteQueryOptions(runsListInput(filters), { getNextPageParam: (page) => page.nextCursor })),
    queryClient.prefetchQuery(trpc.agents.list.queryOptions({ includeArchived: true })),
    // The thread filter's choices render with the page, so the filter bar does not fill in later.
    queryClient.prefetchQuery(trpc.threads.list.queryOptions(threadChoicesInput(filters))),
  ]);
  return (
    <HydrateClient>
      <RunsList />
    </HydrateClient>
  );
}
