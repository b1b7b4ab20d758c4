import type { RunStepView } from '@agentloom/platform';

/** Big pages: a 10,000-step run loads in ten requests. */
export const runStepsPageSize = 1_000;

/**
 * The timeline's infinite query, shared by the page (which prefetches its first page on the
 * server, so the first rows are in the HTML) and the client hook: both must build the same key.
 */
export function runStepsListInput(runId: string) {
  return { runId, limit: runStepsPageSize };
}

/** Always a cursor, because a live run's tail keeps growing; `nextCursor === null` says when to stop paging. */
export function nextRunStepsCursor(_lastPage: unknown, pages: { steps: RunStepView[] }[]): number {
  return lastIndex(pages) ?? -1;
}

function lastIndex(pages: { steps: RunStepView[] }[]): number | undefined {
  for (let position = pages.length - 1; position >= 0; position -= 1) {
    const steps = pages[position]?.steps ?? [];
    const last = steps[steps.length - 1];
    if (last) return last.index;
  }
  return undefined;
}
