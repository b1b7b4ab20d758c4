'use client';

import type { Route } from 'next';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useCallback } from 'react';
import { parseRunsFilters, type RunsFilters } from '~/features/runs/runs-filters';

export function useRunsFilters(): [RunsFilters, (next: Partial<RunsFilters>) => void] {
  const searchParameters = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const filters = parseRunsFilters(searchParameters);
  const update = useCallback(
    (next: Partial<RunsFilters>) => {
      const merged = { ...filters, ...next };
      const query = new URLSearchParams();
      if (merged.status) query.set('status', merged.status);
      if (merged.agentId) query.set('agent', merged.agentId);
      const search = query.toString();
      router.replace((search ? `${pathname}?${search}` : pathname) as Route, { scroll: false });
    },
    [filters, pathname, router],
  );
  return [filters, update];
}
