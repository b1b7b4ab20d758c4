'use client';

import { useSearchParams } from 'next/navigation';
import { useCallback } from 'react';
import { useQueryReplace } from '~/components/use-query-replace';
import { parseThreadsFilters, type ThreadsFilters } from '~/features/threads/threads-filters';

/** The threads list's filters, kept in the URL (`useQueryReplace`: a second pick merges with the first). */
export function useThreadsFilters(): [ThreadsFilters, (next: Partial<ThreadsFilters>) => void] {
  const searchParameters = useSearchParams();
  const replaceQuery = useQueryReplace();
  const update = useCallback(
    (next: Partial<ThreadsFilters>) =>
      replaceQuery((current) => {
        const merged = { ...parseThreadsFilters(current), ...next };
        const query = new URLSearchParams();
        if (merged.agentId) query.set('agent', merged.agentId);
        if (merged.includeArchived) query.set('archived', '1');
        return query.toString();
      }),
    [replaceQuery],
  );
  return [parseThreadsFilters(searchParameters), update];
}
