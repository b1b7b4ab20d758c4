import type { Metadata } from 'next';
import { ThreadPage } from '~/features/threads/components/thread-page/thread-page';
import { threadMessagesPageSize, threadRunsShown } from '~/features/threads/thread-page-sizes';
import { getServerQueryClient, HydrateClient, trpc } from '~/trpc/server';

export const metadata: Metadata = { title: 'Thread' };
export const dynamic = 'force-dynamic';

export default async function ThreadDetailPage({ params }: { params: Promise<{ threadId: string }> }) {
  const { threadId } = await params;
  const queryClient = getServerQueryClient();
  // Prefetched so the header renders with the page; a bad id surfaces as the query's error in place.
  await Promise.all([
    queryClient.prefetchQuery(trpc.threads.get.queryOptions({ threadId })),
    queryClient.prefetchQuery(trpc.agents.list.queryOptions({ includeArchived: true })),
    queryClient.prefetchQuery(trpc.session.me.queryOptions()),
    queryClient.prefetchInfiniteQuery(
      trpc.threads.messages.infiniteQueryOptions({ threadId, limit: threadMessagesPageSize }, { getNextPageParam: () => undefined }),
    ),
    queryClient.prefetchQuery(trpc.runs.list.queryOptions({ threadId, limit: threadRunsShown })),
  ]);
  return (
    <HydrateClient>
      <ThreadPage threadId={threadId} />
    </HydrateClient>
  );
}
