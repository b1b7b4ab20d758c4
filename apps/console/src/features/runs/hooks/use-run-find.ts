'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import { useCallback, useMemo, useState } from 'react';
import { parseRunFind, runFindQuery, type RunFind } from '~/features/runs/run-find-filters';

/**
 * The run page's find bar (search text and step filters), kept in the URL so a filtered run can be
 * shared and survives a reload. Replaced, not pushed (filtering is not navigation), through the
 * history API as the open step is (use-run-page-state.ts): no server render of the run page per
 * filter, and the URL is current at once, so two quick changes cannot race (ADR 0027, amended).
 */
export function useRunFind(): [RunFind, (next: RunFind) => void] {
  const parameters = useSearchParams();
  const pathname = usePathname();
  const query = parameters.toString();
  const fromUrl = useMemo(() => parseRunFind(new URLSearchParams(query)), [query]);
  // Next hands the replaced URL to useSearchParams in a later (transition) render. Until then the
  // change is shown from here: a controlled checkbox would otherwise snap back for that moment.
  const [written, setWritten] = useState<{ find: RunFind; from: string; to: string } | null>(null);
  const find = written !== null && (query === written.from || query === written.to) ? written.find : fromUrl;
  const update = useCallback(
    (next: RunFind) => {
      const from = new URLSearchParams(window.location.search).toString();
      const to = runFindQuery(new URLSearchParams(from), next);
      setWritten({ find: parseRunFind(new URLSearchParams(to)), from, to });
      window.history.replaceState(null, '', to ? `${pathname}?${to}` : pathname);
    },
    [pathname],
  );
  return [find, update];
}
