'use client';

import type { RunStepView } from '@agentloom/platform';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { pruneEmptyPages } from '~/features/runs/hooks/prune-empty-pages';
import { nextRunStepsCursor, runStepsListInput } from '~/features/runs/run-steps-query';
import { useTRPC } from '~/trpc/react';

/**
 * Every step of a run, in index order. All pages are loaded (the timeline's axis needs the whole
 * run); while the run is live, each `revision` fetches only the steps after the last one held.
 */
export function useRunSteps(runId: string, revision: number) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // The first page usually arrives with the page's HTML (prefetched on the server, same key).
  const options = trpc.runSteps.list.infiniteQueryOptions(runStepsListInput(runId), { getNextPageParam: nextRunStepsCursor });
  const query = useInfiniteQuery(options);
  const pages = query.data?.pages;
  const complete = pages !== undefined && pages[pages.length - 1]?.nextCursor === null;
  const { fetchNextPage, isFetchingNextPage } = query;

  useEffect(() => {
    if (pages && !complete && !isFetchingNextPage) void fetchNextPage();
  }, [pages, complete, isFetchingNextPage, fetchNextPage]);

  // Each revision asks for the tail once; one that arrives while a page is loading waits for it
  // (that page may have been read before the revision's commit) instead of being dropped.
  const fetchedRevision = useRef(0);
  useEffect(() => {
    if (revision <= fetchedRevision.current || isFetchingNextPage) return;
    fetchedRevision.current = revision;
    void fetchNextPage({ cancelRefetch: false }).then(() =>
      queryClient.setQueryData(options.queryKey, (data) => pruneEmptyPages(data, (page) => page.steps.length === 0)),
    );
    // The other values are stable between revisions.
  }, [revision, isFetchingNextPage]);

  const steps = useMemo<RunStepView[]>(() => pages?.flatMap((page) => page.steps) ?? [], [pages]);
  return { steps, complete, isPending: query.isPending, error: query.error };
}
