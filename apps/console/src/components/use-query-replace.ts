'use client';

import type { Route } from 'next';
import { usePathname, useRouter } from 'next/navigation';
import { useCallback, useEffect, useRef, useTransition } from 'react';

/**
 * Replaces the page's query (filters live in the URL; replaced, not pushed: filtering is not navigation).
 * `build` gets the query to start from: the last one asked for while its navigation is still under way,
 * else the URL's. `router.replace` changes the URL only once the server has answered, so two filters picked
 * within one slow render each started from the old URL and the second dropped the first (an audit saw the
 * status filter snap back). The replace runs in a transition; when no navigation is pending any more, the
 * URL is the truth again (a Back or a link may have changed it since).
 */
export function useQueryReplace(): (build: (current: URLSearchParams) => string) => void {
  const router = useRouter();
  const pathname = usePathname();
  const pendingQuery = useRef<string | undefined>(undefined);
  const [navigating, startTransition] = useTransition();
  useEffect(() => {
    if (!navigating) pendingQuery.current = undefined;
  }, [navigating]);
  return useCallback(
    (build: (current: URLSearchParams) => string) => {
      const search = build(new URLSearchParams(pendingQuery.current ?? window.location.search));
      pendingQuery.current = search;
      startTransition(() => router.replace((search ? `${pathname}?${search}` : pathname) as Route, { scroll: false }));
    },
    [pathname, router],
  );
}
