'use client';

import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { pruneEmptyPages } from '~/features/runs/hooks/prune-empty-pages';
import { stepsInOrder, withoutReplacedSteps, type TimelineStep } from '~/features/runs/live-steps';
import { nextRunStepsCursor, runStepsListInput } from '~/features/runs/run-steps-query';
import { useTRPC } from '~/trpc/react';

/**
 * Every step of a run, in index order. All pages are loaded (the timeline's axis needs the whole
 * run); while the run is live, rows arrive with their `step-committed` events (useRunLiveEvents)
 * and each `revision` fetches the steps after the last one the database gave, replacing those rows.
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
      queryClient.setQueryData(options.queryKey, (data) => pruneEmptyPages(withoutReplacedSteps(data), (page) => page.steps.length === 0)),
    );
    // The other values are stable between revisions.
  }, [revision, isFetchingNextPage]);

  // Rows drawn from events sit at the tail until the database's replace them (live-steps.ts).
  const steps = useMemo<TimelineStep[]>(() => (pages ? stepsInOrder(pages) : []), [pages]);
  return { steps, complete, isPending: query.isPending, error: query.error };
}
