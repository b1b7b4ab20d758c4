'use client';

import type { Route } from 'next';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useCallback } from 'react';
import { parseRunsFilters, runsFiltersQuery, type RunsFilters } from '~/features/runs/runs-filters';

/** The runs list's filters, kept in the URL (replaced, not pushed: filtering is not navigation). */
export function useRunsFilters(): [RunsFilters, (next: Partial<RunsFilters>) => void] {
  const searchParameters = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const update = useCallback(
    (next: Partial<RunsFilters>) => {
      // Read the URL afresh: a debounced search may land after another filter changed.
      const merged = { ...parseRunsFilters(new URLSearchParams(window.location.search)), ...next };
      const search = runsFiltersQuery(merged);
      router.replace((search ? `${pathname}?${search}` : pathname) as Route, { scroll: false });
    },
    [pathname, router],
  );
  return [parseRunsFilters(searchParameters), update];
}
