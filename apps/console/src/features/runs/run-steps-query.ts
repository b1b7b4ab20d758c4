import { lastFetchedIndex, type TimelineStep } from '~/features/runs/live-steps';

/** Big pages: a 10,000-step run loads in ten requests. */
export const runStepsPageSize = 1_000;

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
 */
export function nextRunStepsCursor(_lastPage: unknown, pages: { steps: TimelineStep[] }[]): number {
  return lastFetchedIndex(pages) ?? -1;
}
