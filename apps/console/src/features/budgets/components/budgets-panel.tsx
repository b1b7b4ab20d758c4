'use client';

import { useQuery } from '@tanstack/react-query';
import { cardStyles } from '~/components/button-styles';
import { ErrorNotice } from '~/components/error-notice';
import { formatCost, formatCount } from '~/components/format';
import { SkeletonRows } from '~/components/skeleton';
import { BudgetMeter } from '~/features/budgets/components/budget-meter';
import { SetBudgetForm } from '~/features/budgets/components/set-budget-form';
import { useIsAdmin } from '~/features/session/principal-context';
import { useTRPC } from '~/trpc/react';

/** Consumption against every budget of the tenant and its agents; admins set and remove budgets here. */
export function BudgetsPanel() {
  const trpc = useTRPC();
  const isAdmin = useIsAdmin();
  const overview = useQuery(trpc.budgets.overview.queryOptions());
  if (overview.error) return <ErrorNotice title="Budgets could not be loaded" message={overview.error.message} />;
  if (!overview.data) return <SkeletonRows label="Loading budgets" rows={2} />;
  const { tenant, agents } = overview.data;
  const meters = [
    ...[tenant.daily, tenant.monthly].flatMap((budget) => (budget ? [{ key: `tenant-${budget.period}`, owner: 'Tenant', budget }] : [])),
    ...agents.flatMap((agent) => [agent.daily, agent.monthly].flatMap((budget) => (budget ? [{ key: `${agent.agentId}-${budget.period}`, owner: agent.agentName, budget }] : []))),
  ];
  return (
    <section aria-labelledby="budgets-heading" className="space-y-3">
      <h2 id="budgets-heading" className="text-base font-semibold">
        Budgets
      </h2>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Tenant usage today: {formatCount(tenant.usage.todayTokens)} tokens, {formatCost(tenant.usage.todayCostUsd)}; this month: {formatCount(tenant.usage.monthTokens)} tokens,{' '}
        {formatCost(tenant.usage.monthCostUsd)}. A run that finds a budget spent ends with <code>budget-exceeded</code>, or pauses for an operator when the budget says so. Cost counts priced models only (a model config’s own prices, else the price table below).
      </p>
      <div className={cardStyles}>
        {meters.length === 0 ? (
          <p className="px-4 py-3 text-sm text-zinc-600 dark:text-zinc-400">No budgets are set: runs may spend without limit.</p>
        ) : (
          <ul aria-label="Budgets" className="divide-y divide-zinc-200 dark:divide-zinc-800">
            {meters.map((meter) => (
              <BudgetMeter key={meter.key} owner={meter.owner} budget={meter.budget} />
            ))}
          </ul>
        )}
      </div>
      {isAdmin ? <SetBudgetForm /> : null}
    </section>
  );
}
