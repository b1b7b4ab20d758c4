'use client';

import { useSearchParams } from 'next/navigation';
import { useCallback } from 'react';
import { useQueryReplace } from '~/components/use-query-replace';
import { parseRunsFilters, runsFiltersQuery, type RunsFilters } from '~/features/runs/runs-filters';

/** The runs list's filters, kept in the URL (`useQueryReplace`: a debounced search or a second pick merges with the first). */
export function useRunsFilters(): [RunsFilters, (next: Partial<RunsFilters>) => void] {
  const searchParameters = useSearchParams();
  const replaceQuery = useQueryReplace();
  const update = useCallback(
    (next: Partial<RunsFilters>) => replaceQuery((current) => runsFiltersQuery({ ...parseRunsFilters(current), ...next })),
    [replaceQuery],
  );
  return [parseRunsFilters(searchParameters), update];
}
