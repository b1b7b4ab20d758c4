'use client';

import type { Route } from 'next';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useCallback } from 'react';
import { parseThreadsFilters, type ThreadsFilters } from '~/features/threads/threads-filters';

/** The threads list's filters, kept in the URL. */
export function useThreadsFilters(): [ThreadsFilters, (next: Partial<ThreadsFilters>) => void] {
  const searchParameters = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const filters = parseThreadsFilters(searchParameters);
  const update = useCallback(
    (next: Partial<ThreadsFilters>) => {
      const merged = { ...filters, ...next };
      const query = new URLSearchParams();
      if (merged.agentId) query.set('agent', merged.agentId);
      if (merged.includeArchived) query.set('archived', '1');
      const search = query.toString();
      router.replace((search ? `${pathname}?${search}` : pathname) as Route, { scroll: false });
    },
    [filters, pathname, router],
  );
  return [filters, update];
}
