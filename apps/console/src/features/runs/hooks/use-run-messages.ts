'use client';

import type { RunMessageView } from '@agentloom/platform';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
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

  useEffect(() => {
    if (revision === 0 || !complete) return;
    void fetchNextPage({ cancelRefetch: false }).then(() =>
      queryClient.setQueryData(options.queryKey, (data) => pruneEmptyPages(data, (page) => page.messages.length === 0)),
    );
    // Only a new revision asks for the tail.
  }, [revision]);

  const messages = useMemo<RunMessageView[]>(() => pages?.flatMap((page) => page.messages) ?? [], [pages]);
  return { messages, complete, loadMore: () => void fetchNextPage(), isLoadingMore: query.isFetchingNextPage, isPending: query.isPending, error: query.error };
}

function lastIndex(pages: { messages: RunMessageView[] }[]): number | undefined {
  for (let position = pages.length - 1; position >= 0; position -= 1) {
    const messages = pages[position]?.messages ?? [];
    const last = messages[messages.length - 1];
    if (last) return last.index;
  }
  return undefined;
}
