import type { Metadata } from 'next';
import { RunPage } from '~/features/runs/components/run-page/run-page';
import { getServerQueryClient, HydrateClient, trpc } from '~/trpc/server';

export const metadata: Metadata = { title: 'Run' };
export const dynamic = 'force-dynamic';

export default async function RunDetailPage({ params }: { params: Promise<{ runId: string }> }) {
  const { runId } = await params;
  const queryClient = getServerQueryClient();
  // Prefetched so the header renders with the page; a bad id surfaces as the query's error in place.
  await Promise.all([
    queryClient.prefetchQuery(trpc.runs.get.queryOptions({ runId })),
    queryClient.prefetchQuery(trpc.agents.list.queryOptions({ includeArchived: true })),
  ]);
  return (
    <HydrateClient>
      <RunPage runId={runId} />
    </HydrateClient>
  );
}
