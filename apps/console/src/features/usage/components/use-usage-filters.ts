'use client';

import { useSearchParams } from 'next/navigation';
import { useCallback } from 'react';
import { useQueryReplace } from '~/components/use-query-replace';
import { parseUsageFilters, type UsageFilters } from '~/features/usage/usage-filters';

/** The usage page's filters, kept in the URL (`useQueryReplace`: a second pick merges with the first). */
export function useUsageFilters(): [UsageFilters, (next: Partial<UsageFilters>) => void] {
  const parameters = useSearchParams();
  const replaceQuery = useQueryReplace();
  const update = useCallback(
    (next: Partial<UsageFilters>) =>
      replaceQuery((current) => {
        const merged = { ...parseUsageFilters(current), ...next };
        const query = new URLSearchParams({ days: String(merged.days), metric: merged.metric });
        if (merged.agentId) query.set('agent', merged.agentId);
        return query.toString();
      }),
    [replaceQuery],
  );
  return [parseUsageFilters(parameters), update];
}
