'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import { useTRPC } from '~/trpc/react';

/**
 * Keeps every run and approval list on the page current. Why this and not per-run subscriptions
 * or polling: the server coalesces "these runs of your tenant changed" into at most one message a
 * second on ONE SSE connection per tab. One subscription per visible run would take a browser
 * connection each (HTTP/1.1 allows six per host, so a list of active runs would starve the page's
 * own requests) and would still miss runs created elsewhere (API, other users); polling refetches
 * when nothing changed and lags when something did. Invalidation by path refetches only queries
 * that are mounted; the run page refines its own data with its run's event stream.
 */
export function useLiveActivity(): void {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  useSubscription(
    trpc.activity.live.subscriptionOptions(undefined, {
      onData: () => {
        void queryClient.invalidateQueries({ queryKey: trpc.runs.list.pathKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.approvals.pathKey() });
      },
    }),
  );
}
