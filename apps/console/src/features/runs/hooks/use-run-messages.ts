'use client';

import type { RunMessageView } from '@agentloom/platform';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { pruneEmptyPages } from '~/features/runs/hooks/prune-empty-pages';
import { useTRPC } from '~/trpc/react';

/**
 * A run's transcript a page at a time (loaded as the list scrolls); while the run is live and every page is
 * loaded, each `revision` fetches only the messages after the last one held.
 */
export function useRunMessages(runId: string, revision: number) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const options = trpc.runMessages.list.infiniteQueryOptions(
    { runId, limit: 200 },
    { getNextPageParam: (_lastPage, pages) => lastIndex(pages) ?? -1 },
  );
  const query = useInfiniteQuery(options);
  const pages = query.data?.pages;
  const complete = pages !== undefined && pages[pages.length - 1]?.nextCursor === null;
  const { fetchNextPage } = query;

  // Each revision asks for the tail once; one that arrives while a page is loading waits for it
  // (that page may have been read before the revision's commit) instead of being dropped.
  const fetchedRevision = useRef(0);
  const { isFetchingNextPage } = query;
  useEffect(() => {
    if (revision <= fetchedRevision.current || !complete || isFetchingNextPage) return;
    fetchedRevision.current = revision;
    void fetchNextPage({ cancelRefetch: false }).then(() =>
      queryClient.setQueryData(options.queryKey, (data) => pruneEmptyPages(data, (page) => page.messages.length === 0)),
    );
    // The other values are stable between revisions.
  }, [revision, complete, isFetchingNextPage]);

  const messages = useMemo<RunMessageView[]>(() => pages?.flatMap((page) => page.messages) ?? [], [pages]);
  return { messages, complete, loadMore: () => void fetchNextPage(), isLoadingMore: isFetchingNextPage, isPending: query.isPending, error: query.error };
}

function lastIndex(pages: { messages: RunMessageView[] }[]): number | undefined {
  for (let position = pages.length - 1; position >= 0; position -= 1) {
    const messages = pages[position]?.messages ?? [];
    const last = messages[messages.length - 1];
    if (last) return last.index;
  }
  return undefined;
}
