import type { Metadata } from 'next';
import { MemoryInspector } from '~/features/memory/components/memory-inspector';
import { memoryListInput, memorySearchInput, parseMemoryInspectorState } from '~/features/memory/memory-filters';
import { getServerQueryClient, HydrateClient, trpc } from '~/trpc/server';

export const metadata: Metadata = { title: 'Memory' };
export const dynamic = 'force-dynamic';

export default async function MemoryPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const query = await searchParams;
  const state = parseMemoryInspectorState({ get: (name) => (typeof query[name] === 'string' ? query[name] : null) });
  const queryClient = getServerQueryClient();
  // The list (or the search) and the selected item render with the page: a shared link opens complete.
  await Promise.all([
    state.query
      ? queryClient.prefetchQuery(trpc.memory.search.queryOptions(memorySearchInput(state)))
      : queryClient.prefetchInfiniteQuery(
          trpc.memory.list.infiniteQueryOptions(memoryListInput(state), { getNextPageParam: (page) => page.nextCursor ?? undefined }),
        ),
    state.itemId ? queryClient.prefetchQuery(trpc.memory.get.queryOptions({ memoryItemId: state.itemId })) : null,
    queryClient.prefetchQuery(trpc.session.me.queryOptions()),
  ]);
  return (
    <HydrateClient>
      <MemoryInspector />
    </HydrateClient>
  );
}
