'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import { useState } from 'react';
import { applyActivityRows } from '~/features/activity/hooks/apply-activity-rows';
import { refreshRunningBatches } from '~/features/batches/hooks/refresh-running-batches';
import { refreshRunningExperiments } from '~/features/evaluations/hooks/refresh-running-experiments';
import { refreshQueries } from '~/trpc/refresh-queries';
import { useTRPC } from '~/trpc/react';

/** `live` once the server said it listens for this tenant's changes; `connecting` before and while reconnecting. */
export type LiveActivityState = 'connecting' | 'live' | 'error';

/**
 * Keeps every run and approval list on the page current. Why this and not per-run subscriptions
 * or polling: the server pushes "these runs of your tenant changed", with their rows, on ONE SSE connection per tab
 * — the first change after a quiet spell at once, then at most one message every 250 ms. One
 * subscription per visible run would take a browser connection each (HTTP/1.1 allows six per
 * host, so a list of active runs would starve the page's own requests) and would still miss runs
 * created elsewhere (API, other users); polling refetches when nothing changed and lags when
 * something did. The rows patch the cached lists in place (filters, order, enter and leave: ADR
 * 0064); only a message without rows (a burst, a reconnect) or a list the rows cannot patch
 * refetches, and refreshing by path refetches only queries that are mounted. The run page refines
 * its own data with its run's event stream.
 */
export function useLiveActivity(): LiveActivityState {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [ready, setReady] = useState(false);
  const subscription = useSubscription(
    trpc.activity.live.subscriptionOptions(undefined, {
      // A reconnect opens a new server stream, which says `ready` again once it listens.
      onConnectionStateChange: (connection) => {
        if (connection.state !== 'pending') setReady(false);
      },
      onData: (message) => {
        if (message.kind === 'changed' && message.rows !== null) {
          // The message carries the changed runs' rows: lists patch themselves (ADR 0064).
          applyActivityRows(
            queryClient,
            {
              runsList: trpc.runs.list.pathKey(),
              approvalsList: trpc.approvals.list.pathKey(),
              pendingCount: trpc.approvals.pendingCount.queryKey(),
              runGet: (runId) => trpc.runs.get.queryKey({ runId }),
            },
            message.runIds,
            message.rows,
          );
        } else {
          // On `ready` too: whatever changed while (re)connecting was pushed to nobody, so catch up once.
          if (message.kind === 'ready') setReady(true);
          refreshQueries(queryClient, trpc.runs.list.pathKey());
          refreshQueries(queryClient, trpc.approvals.pathKey());
          if (message.kind === 'changed') {
            for (const runId of message.runIds) refreshQueries(queryClient, trpc.runs.get.queryKey({ runId }));
          }
        }
        refreshRunningExperiments(queryClient, trpc.experiments.get.pathKey(), message.kind === 'changed' ? message.runIds : null);
        refreshRunningBatches(queryClient, trpc.batches.pathKey());
      },
    }),
  );
  if (subscription.status === 'error') return 'error';
  return ready && subscription.status === 'pending' ? 'live' : 'connecting';
}
