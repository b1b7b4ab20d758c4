import { lastFetchedIndex, type TimelineStep } from '~/features/runs/live-steps';

/** Big pages: a 10,000-step run loads in ten requests. */
export const runStepsPageSize = 1_000;

/**
 * The rows the server puts in the page's HTML: the scroll area shows 15 rows (448 px / 30 px) and
 * the virtualizer renders 12 more below them, so 50 cover the first paint with room to spare. The
 * first page used to be a full 1,000: the server read, serialized and sent 20× the rows it drew,
 * and the first row waited for all of them (ADR 0079). The client loads the rest in full pages.
 */
export const serverFirstPageSize = 50;

/**
 * The timeline's infinite query, shared by the page (which prefetches its first page on the
 * server, so the first rows are in the HTML) and the client hook: both must build the same key.
 */
export function runStepsListInput(runId: string) {
  return { runId, limit: runStepsPageSize };
}

/**
 * Always a cursor, because a live run's tail keeps growing; `nextCursor === null` says when to stop
 * paging. The cursor is the last row the database gave: rows drawn from events are read again.
 * Pages need not be the same size: the next page starts after the last row, whatever the first
 * page's size was (the server's is smaller, see serverFirstPageSize).
 */
export function nextRunStepsCursor(_lastPage: unknown, pages: { steps: TimelineStep[] }[]): number {
  return lastFetchedIndex(pages) ?? -1;
}
