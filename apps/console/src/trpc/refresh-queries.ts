import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';

/** Queries with a refetch queued behind the one in flight (at most one each). */
const queuedAfterFetch = new WeakSet<Query>();

/**
 * Brings the queries under `queryKey` up to a change that has just committed, for live updates.
 * Plain invalidation cancels a fetch in flight and starts over, so under a stream of changes
 * faster than a fetch a query could be restarted forever and never show anything; without the
 * cancel, a fetch that started before the commit would show data from before it and stay that way.
 * So: an idle query is invalidated (refetched if on screen, marked stale if not); a fetching one
 * finishes, then is refetched once more — however many changes arrived meanwhile.
 */
export function refreshQueries(queryClient: QueryClient, queryKey: QueryKey): void {
  for (const query of queryClient.getQueryCache().findAll({ queryKey })) {
    if (query.state.fetchStatus !== 'fetching') {
      void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
      continue;
    }
    if (queuedAfterFetch.has(query)) continue;
    queuedAfterFetch.add(query);
    // With `cancelRefetch: false` a fetching query hands back the promise of the fetch in flight.
    void query
      .fetch(undefined, { cancelRefetch: false })
      .catch(() => undefined)
      .finally(() => {
        queuedAfterFetch.delete(query);
        void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
      });
  }
}
