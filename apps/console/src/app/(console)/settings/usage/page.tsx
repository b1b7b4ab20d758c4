import type { Metadata } from 'next';
import { BudgetsPanel } from '~/features/budgets/components/budgets-panel';
import { ModelPricesPanel } from '~/features/model-prices/components/model-prices-panel';
import { SettingsPageHeader } from '~/features/settings/components/settings-page-header';
import { UsagePanel } from '~/features/usage/components/usage-panel';
import { parseUsageFilters, usageSummaryInput } from '~/features/usage/usage-filters';
import { getServerQueryClient, HydrateClient, trpc } from '~/trpc/server';

export const metadata: Metadata = { title: 'Usage' };
export const dynamic = 'force-dynamic';

export default async function UsagePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const query = await searchParams;
  const filters = parseUsageFilters({ get: (name) => (typeof query[name] === 'string' ? query[name] : null) });
  const queryClient = getServerQueryClient();
  await Promise.all([
    queryClient.prefetchQuery(trpc.usage.summary.queryOptions(usageSummaryInput(filters))),
    queryClient.prefetchQuery(trpc.agents.list.queryOptions({ includeArchived: true })),
    queryClient.prefetchQuery(trpc.budgets.overview.queryOptions()),
    queryClient.prefetchQuery(trpc.modelPrices.list.queryOptions()),
  ]);
  return (
    <HydrateClient>
      <SettingsPageHeader title="Usage" description="Runs, tokens, cost and tool calls per agent, by the day the run was created (UTC)." />
      <div className="mt-6 space-y-8">
        <BudgetsPanel />
        <ModelPricesPanel />
        <UsagePanel />
      </div>
    </HydrateClient>
  );
}
