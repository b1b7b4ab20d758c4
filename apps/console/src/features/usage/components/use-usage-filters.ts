'use client';

import type { Route } from 'next';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useCallback } from 'react';
import { parseUsageFilters, type UsageFilters } from '~/features/usage/usage-filters';

export function useUsageFilters(): [UsageFilters, (next: Partial<UsageFilters>) => void] {
  const parameters = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const update = useCallback(
    (next: Partial<UsageFilters>) => {
      const merged = { ...parseUsageFilters(parameters), ...next };
      const query = new URLSearchParams({ days: String(merged.days), metric: merged.metric });
      if (merged.agentId) query.set('agent', merged.agentId);
      router.replace(`${pathname}?${query.toString()}` as Route, { scroll: false });
    },
    [parameters, pathname, router],
  );
  return [parseUsageFilters(parameters), update];
}
