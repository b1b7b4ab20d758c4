import type { Metadata } from 'next';
import { BatchPage } from '~/features/batches/components/batch-page';
import { getServerQueryClient, HydrateClient, trpc } from '~/trpc/server';

export const metadata: Metadata = { title: 'Batch' };
export const dynamic = 'force-dynamic';

export default async function Page({ params }: { params: Promise<{ batchId: string }> }) {
  const { batchId } = await params;
  const queryClient = getServerQueryClient();
  await Promise.all([
    queryClient.prefetchQuery(trpc.batches.get.queryOptions({ batchId })),
    queryClient.prefetchQuery(trpc.batches.items.queryOptions({ batchId, after: -1, limit: 50 })),
  ]);
  return (
    <HydrateClient>
      <BatchPage batchId={batchId} />
    </HydrateClient>
  );
}
