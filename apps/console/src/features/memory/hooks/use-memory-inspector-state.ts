'use client';

import type { Route } from 'next';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useCallback } from 'react';
import { memoryInspectorSearch, parseMemoryInspectorState, type MemoryInspectorState } from '~/features/memory/memory-filters';

/** The inspector's filters, search and selection, kept in the URL. */
export function useMemoryInspectorState() {
  const searchParameters = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const state = parseMemoryInspectorState(searchParameters);
  const hrefFor = useCallback(
    (next: Partial<MemoryInspectorState>) => {
      const search = memoryInspectorSearch({ ...state, ...next });
      return (search ? `${pathname}?${search}` : pathname) as Route;
    },
    [state, pathname],
  );
  const navigate = useCallback((next: Partial<MemoryInspectorState>) => router.replace(hrefFor(next), { scroll: false }), [hrefFor, router]);
  return { state, navigate, hrefFor };
}
