import type { Metadata } from 'next';
import { ExperimentPage } from '~/features/evaluations/components/experiment-page';
import { getServerQueryClient, HydrateClient, trpc } from '~/trpc/server';

export const metadata: Metadata = { title: 'Experiment' };
export const dynamic = 'force-dynamic';

export default async function Page({ params }: { params: Promise<{ name: string; experimentId: string }> }) {
  const { name, experimentId } = await params;
  await getServerQueryClient().prefetchQuery(trpc.experiments.get.queryOptions({ experimentId }));
  return (
    <HydrateClient>
      <ExperimentPage dataset={decodeURIComponent(name)} experimentId={experimentId} />
    </HydrateClient>
  );
}
