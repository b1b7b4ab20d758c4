'use client';

import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '~/trpc/react';

/**
 * How often the feedback list is re-read while on screen. Feedback mostly arrives on finished runs
 * (from API clients and scorers), after the run's event stream has ended, so the list polls.
 */
export const feedbackRefreshMs = 5_000;

/** The run's feedback entries, oldest first, kept fresh while the page is open. One query serves the run section and the step panel. */
export function useRunFeedback(runId: string) {
  const trpc = useTRPC();
  return useQuery(trpc.feedback.listForRun.queryOptions({ runId }, { refetchInterval: feedbackRefreshMs }));
}
