import type { Metadata } from 'next';
import { SchedulesPage } from '~/features/schedules/components/schedules-page';
import { getServerQueryClient, HydrateClient, trpc } from '~/trpc/server';

export const metadata: Metadata = { title: 'Schedules' };
export const dynamic = 'force-dynamic';

export default async function Page() {
  const queryClient = getServerQueryClient();
  await Promise.all([queryClient.prefetchQuery(trpc.schedules.list.queryOptions({})), queryClient.prefetchQuery(trpc.agents.list.queryOptions({ includeArchived: false }))]);
  return (
    <HydrateClient>
      <SchedulesPage />
    </HydrateClient>
  );
}
