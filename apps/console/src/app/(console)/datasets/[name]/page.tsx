import type { Metadata } from 'next';
import { DatasetPage } from '~/features/evaluations/components/dataset-page';
import { getServerQueryClient, HydrateClient, trpc } from '~/trpc/server';

export const metadata: Metadata = { title: 'Dataset' };
export const dynamic = 'force-dynamic';

export default async function Page({ params }: { params: Promise<{ name: string }> }) {
  const name = decodeURIComponent((await params).name);
  const queryClient = getServerQueryClient();
  // Prefetched so the page renders with its data; a bad name surfaces as the query's error in place.
  await Promise.all([
    queryClient.prefetchQuery(trpc.datasets.get.queryOptions({ name })),
    queryClient.prefetchQuery(trpc.datasets.experiments.queryOptions({ name })),
  ]);
  return (
    <HydrateClient>
      <DatasetPage name={name} />
    </HydrateClient>
  );
}
