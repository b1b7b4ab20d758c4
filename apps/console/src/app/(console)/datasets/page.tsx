import type { Metadata } from 'next';
import { DatasetsPage } from '~/features/evaluations/components/datasets-page';
import { getServerQueryClient, HydrateClient, trpc } from '~/trpc/server';

export const metadata: Metadata = { title: 'Datasets' };
export const dynamic = 'force-dynamic';

export default async function Page() {
  await getServerQueryClient().prefetchQuery(trpc.datasets.list.queryOptions());
  return (
    <HydrateClient>
      <DatasetsPage />
    </HydrateClient>
  );
}
