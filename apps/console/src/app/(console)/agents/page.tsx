import type { Metadata } from 'next';
import { AgentsList } from '~/features/agents/components/agents-list/agents-list';
import { getServerQueryClient, HydrateClient, trpc } from '~/trpc/server';

export const metadata: Metadata = { title: 'Agents' };
export const dynamic = 'force-dynamic';

export default async function AgentsPage() {
  await getServerQueryClient().prefetchQuery(trpc.agents.list.queryOptions({ includeArchived: true }));
  return (
    <HydrateClient>
      <AgentsList />
    </HydrateClient>
  );
}
