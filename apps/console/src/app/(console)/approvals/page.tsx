import type { Metadata } from 'next';
import { approvalsInput } from '~/features/approvals/approvals-view';
import { ApprovalsInbox } from '~/features/approvals/components/approvals-inbox';
import { getServerQueryClient, HydrateClient, trpc } from '~/trpc/server';

export const metadata: Metadata = { title: 'Approvals' };
export const dynamic = 'force-dynamic';

export default async function ApprovalsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const view = (await searchParams).view === 'decided' ? 'decided' : 'pending';
  const queryClient = getServerQueryClient();
  await Promise.all([
    queryClient.prefetchInfiniteQuery(trpc.approvals.list.infiniteQueryOptions(approvalsInput(view), { getNextPageParam: (page) => page.nextCursor })),
    queryClient.prefetchQuery(trpc.agents.list.queryOptions({ includeArchived: true })),
  ]);
  return (
    <HydrateClient>
      <ApprovalsInbox />
    </HydrateClient>
  );
}
