import type { Metadata } from 'next';
import { PageHeader } from '~/components/page-header';
import { NewRunForm } from '~/features/runs/components/new-run/new-run-form';
import { OperatorOnly } from '~/features/runs/components/new-run/operator-only';
import { getServerQueryClient, HydrateClient, trpc } from '~/trpc/server';

export const metadata: Metadata = { title: 'New run' };
export const dynamic = 'force-dynamic';

export default async function NewRunPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const query = await searchParams;
  const agentId = typeof query.agentId === 'string' ? query.agentId : '';
  const version = typeof query.version === 'string' && /^\d+$/.test(query.version) ? query.version : '';
  await getServerQueryClient().prefetchQuery(trpc.agents.list.queryOptions({ includeArchived: false }));
  return (
    <HydrateClient>
      <PageHeader title="New run" description="Pick an agent and give it an input; the run page opens and follows it live." />
      <div className="mt-6">
        <OperatorOnly what="Starting a run">
          <NewRunForm initialAgentId={agentId} initialVersion={version} />
        </OperatorOnly>
      </div>
    </HydrateClient>
  );
}
