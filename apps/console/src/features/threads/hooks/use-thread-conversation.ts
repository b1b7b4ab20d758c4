'use client';

import type { RunView, ThreadMessageView } from '@agentloom/platform';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { pruneEmptyPages } from '~/features/runs/hooks/prune-empty-pages';
import { useRunLiveEvents } from '~/features/runs/hooks/use-run-live-events';
import { isTerminalStatus } from '~/features/runs/run-statuses';
import { threadMessagesPageSize, threadRunsShown } from '~/features/threads/thread-page-sizes';
import { refreshQueries } from '~/trpc/refresh-queries';
import { useTRPC } from '~/trpc/react';

/**
 * A thread's conversation a page at a time (oldest first, "Load more" continues forward), the
 * thread's runs for the boundaries, and live updates while one of its runs is active: the page
 * follows that run's event stream and, when every page is loaded, fetches only the new tail.
 */
export function useThreadConversation(threadId: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const messagesOptions = trpc.threads.messages.infiniteQueryOptions(
    { threadId, limit: threadMessagesPageSize },
    { getNextPageParam: (_lastPage, pages) => lastMessageId(pages) },
  );
  const messagesQuery = useInfiniteQuery(messagesOptions);
  const runsQuery = useQuery(trpc.runs.list.queryOptions({ threadId, limit: threadRunsShown }));
  const runs = runsQuery.data?.runs;
  const activeRun = runs?.find((run) => !isTerminalStatus(run.status));
  const live = useRunLiveEvents(activeRun?.id ?? threadId, activeRun !== undefined);
  const pages = messagesQuery.data?.pages;
  const complete = pages !== undefined && pages[pages.length - 1]?.nextCursor === null;
  const { fetchNextPage, refetch, isFetchingNextPage } = messagesQuery;

  // Each flush of the live run's events may carry new messages and status changes.
  useEffect(() => {
    if (live.revision === 0) return;
    refreshQueries(queryClient, trpc.runs.list.queryKey({ threadId, limit: threadRunsShown }));
    // Only a new revision asks for the runs again.
  }, [live.revision]);

  // New events, or a run that appeared or changed status (a demo run can finish before the page
  // ever saw it active, so the event stream alone is not enough), mean the tail may have grown.
  // Each such change asks for the tail once; one that comes while a page is loading waits for it
  // (that page may have been read before the change committed) rather than cancelling it, which a
  // busy run would do over and over.
  const runsSignature = runs?.map((run) => `${run.id}:${run.status}`).join(',');
  const seen = useRef({ runsSignature, revision: live.revision });
  const [wanted, setWanted] = useState(0);
  const fetched = useRef(0);
  useEffect(() => {
    const changed = seen.current.runsSignature !== runsSignature || seen.current.revision !== live.revision;
    seen.current = { runsSignature, revision: live.revision };
    if (changed) setWanted((value) => value + 1);
  }, [runsSignature, live.revision]);
  useEffect(() => {
    if (wanted <= fetched.current || !complete || isFetchingNextPage || messagesQuery.isRefetching) return;
    fetched.current = wanted;
    if (pages?.every((page) => page.messages.length === 0)) {
      void refetch();
      return;
    }
    void fetchNextPage({ cancelRefetch: false }).then(() =>
      queryClient.setQueryData(messagesOptions.queryKey, (data) => pruneEmptyPages(data, (page) => page.messages.length === 0)),
    );
    // Only a new change (or the end of a fetch it waited for) asks for the tail.
  }, [wanted, complete, isFetchingNextPage, messagesQuery.isRefetching]);

  const messages = useMemo<ThreadMessageView[]>(() => pages?.flatMap((page) => page.messages) ?? [], [pages]);
  const runsById = useMemo(() => new Map<string, RunView>((runs ?? []).map((run) => [run.id, run])), [runs]);
  return {
    messages,
    runs: runs ?? [],
    runsById,
    activeRun,
    connection: live.connection,
    complete,
    loadMore: () => void fetchNextPage(),
    isLoadingMore: isFetchingNextPage,
    isPending: messagesQuery.isPending,
    error: messagesQuery.error ?? runsQuery.error,
    /** After starting a run: show its boundary at once and start following it. */
    refreshRuns: () => queryClient.invalidateQueries({ queryKey: trpc.runs.list.pathKey() }),
  };
}

function lastMessageId(pages: { messages: ThreadMessageView[] }[]): string | undefined {
  for (let position = pages.length - 1; position >= 0; position -= 1) {
    const last = pages[position]?.messages.at(-1);
    if (last) return last.id;
  }
  return undefined;
}
