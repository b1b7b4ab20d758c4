import type { Metadata } from 'next';
import { AgentPage } from '~/features/agents/components/agent-page/agent-page';
import { getServerQueryClient, HydrateClient, trpc } from '~/trpc/server';

export const metadata: Metadata = { title: 'Agent' };
export const dynamic = 'force-dynamic';

export default async function AgentDetailPage({ params }: { params: Promise<{ agentId: string }> }) {
  const { agentId } = await params;
  const queryClient = getServerQueryClient();
  // Prefetched so the editor renders with the page; a bad id surfaces as the query's error in place.
  await Promise.all([queryClient.prefetchQuery(trpc.agents.get.queryOptions({ agentId })), queryClient.prefetchQuery(trpc.agents.toolOptions.queryOptions())]);
  return (
    <HydrateClient>
      <AgentPage agentId={agentId} />
    </HydrateClient>
  );
}
