'use client';

import type { Route } from 'next';
import { usePathname, useRouter } from 'next/navigation';
import { useCallback } from 'react';

/** The query last asked for and not yet in the URL, shared by every filter control of the page. */
let pendingQuery: { pathname: string; search: string } | undefined;

/** The same parameters, whatever their order. */
function sameQuery(left: string, right: string): boolean {
  const sorted = (search: string) => {
    const parameters = new URLSearchParams(search);
    parameters.sort();
    return parameters.toString();
  };
  return sorted(left) === sorted(right);
}

/** Where the next change starts from: the query still on its way, else the URL. */
function currentQuery(pathname: string): URLSearchParams {
  const fromUrl = window.location.search;
  if (pendingQuery === undefined || pendingQuery.pathname !== pathname || sameQuery(pendingQuery.search, fromUrl)) {
    pendingQuery = undefined;
    return new URLSearchParams(fromUrl);
  }
  return new URLSearchParams(pendingQuery.search);
}

if (typeof window !== 'undefined') {
  // A Back or Forward replaces whatever was asked for before it.
  window.addEventListener('popstate', () => (pendingQuery = undefined));
}

/**
 * Replaces the page's query (filters live in the URL; replaced, not pushed: filtering is not navigation).
 * `build` gets the query to start from: the last one asked for while it is not in the URL yet, else the
 * URL's. `router.replace` changes the URL only once the server has answered, so two filters picked within
 * one slow render each started from the old URL and the second dropped the first (an audit saw the status
 * filter snap back). The pending query is shared by every control of the page (each calls this hook).
 */
export function useQueryReplace(): (build: (current: URLSearchParams) => string) => void {
  const router = useRouter();
  const pathname = usePathname();
  return useCallback(
    (build: (current: URLSearchParams) => string) => {
      const search = build(currentQuery(pathname));
      pendingQuery = { pathname, search };
      router.replace((search ? `${pathname}?${search}` : pathname) as Route, { scroll: false });
    },
    [pathname, router],
  );
}
