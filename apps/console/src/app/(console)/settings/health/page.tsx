import type { Metadata } from 'next';
import { HealthOverview } from '~/features/health/components/health-overview';
import { getServerQueryClient, HydrateClient, trpc } from '~/trpc/server';

export const metadata: Metadata = { title: 'Health' };
export const dynamic = 'force-dynamic';

export default async function HealthPage() {
  await getServerQueryClient().prefetchQuery(trpc.health.report.queryOptions());
  return (
    <HydrateClient>
      <HealthOverview />
    </HydrateClient>
  );
}
