import type { Metadata } from 'next';
import { ThreadsList } from '~/features/threads/components/threads-list/threads-list';
import { parseThreadsFilters, threadsListInput } from '~/features/threads/threads-filters';
import { getServerQueryClient, HydrateClient, trpc } from '~/trpc/server';

export const metadata: Metadata = { title: 'Threads' };
export const dynamic = 'force-dynamic';

export default async function ThreadsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const query = await searchParams;
  const filters = parseThreadsFilters({ get: (name) => (typeof query[name] === 'string' ? query[name] : null) });
  const queryClient = getServerQueryClient();
  await Promise.all([
    queryClient.prefetchInfiniteQuery(
      trpc.threads.list.infiniteQueryOptions(threadsListInput(filters), { getNextPageParam: (page) => page.nextCursor ?? undefined }),
    ),
    queryClient.prefetchQuery(trpc.agents.list.queryOptions({ includeArchived: true })),
  ]);
  return (
    <HydrateClient>
      <ThreadsList />
    </HydrateClient>
  );
}
