import type { Metadata } from 'next';
import { BatchesPage } from '~/features/batches/components/batches-page';
import { getServerQueryClient, HydrateClient, trpc } from '~/trpc/server';

export const metadata: Metadata = { title: 'Batches' };
export const dynamic = 'force-dynamic';

export default async function Page() {
  const queryClient = getServerQueryClient();
  await Promise.all([queryClient.prefetchQuery(trpc.batches.list.queryOptions({})), queryClient.prefetchQuery(trpc.agents.list.queryOptions({ includeArchived: false }))]);
  return (
    <HydrateClient>
      <BatchesPage />
    </HydrateClient>
  );
}
