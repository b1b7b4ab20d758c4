'use client';

import type { StoredRunEvent } from '@agentloom/platform';
import { useQueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { committedStepOf, statusAfter, withCommittedSteps } from '~/features/runs/live-steps';
import { runStepsListInput } from '~/features/runs/run-steps-query';
import { refreshQueries } from '~/trpc/refresh-queries';
import { useTRPC } from '~/trpc/react';

/**
 * Least time between two applications of arriving events. The first event after a quiet spell is
 * applied in the next task (events of one network chunk together); later ones wait for the end of
 * the window, so a replay of thousands of events costs a handful of renders and refetches.
 */
const minimumFlushIntervalMs = 100;

export interface RunLiveEvents {
  /** Events received on the stream, in seq order (what an SSE client sees). */
  events: StoredRunEvent[];
  /** Bumped on every flush; tails (steps, messages) fetch what is new when it changes. */
  revision: number;
  connection: 'idle' | 'connecting' | 'live' | 'error';
}

/**
 * Follows one run's event stream while it is active, draws what the events carry (timeline rows,
 * the run's status) at once and refetches what the events touched. The
 * stream resumes by `tracked` id after a reconnect, so nothing is missed or repeated. Events are
 * applied as they arrive, in batches on a busy run; refetches only touch queries that are on
 * screen (the open tab), so a busy run does not refetch tabs nobody looks at, and a refetch in
 * flight is followed by one more instead of being cancelled (see `refreshQueries`).
 */
export function useRunLiveEvents(runId: string, active: boolean): RunLiveEvents {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const buffer = useRef<StoredRunEvent[]>([]);
  const [events, setEvents] = useState<StoredRunEvent[]>([]);
  const [revision, setRevision] = useState(0);

  const flushTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lastFlushAt = useRef(Number.NEGATIVE_INFINITY);

  const flush = useCallback(() => {
    flushTimer.current = undefined;
    lastFlushAt.current = performance.now();
    const arrived = buffer.current;
    if (arrived.length === 0) return;
    buffer.current = [];
    // Draw what the events carry at once (rows, the header's status); the refetches below bring the rest.
    const committed = arrived.map(committedStepOf).filter((step) => step !== undefined);
    if (committed.length > 0) {
      queryClient.setQueryData(trpc.runSteps.list.infiniteQueryKey(runStepsListInput(runId)), (data) => withCommittedSteps(data, committed));
    }
    const status = statusAfter(arrived);
    if (status !== undefined) queryClient.setQueryData(trpc.runs.get.queryKey({ runId }), (run) => (run ? { ...run, status } : run));
    setEvents((previous) => mergeBySeq(previous, arrived));
    setRevision((value) => value + 1);
    refreshQueries(queryClient, trpc.runs.get.queryKey({ runId }));
    for (const procedure of [trpc.toolCalls.list, trpc.checkpoints.list, trpc.approvals.list]) refreshQueries(queryClient, procedure.pathKey());
    // The find bar's counts, tool and kind options and filtered steps change with each committed step:
    // without this a tool error that happened while the page was open stayed out of "Errors only" until a reload.
    if (committed.length > 0) for (const procedure of [trpc.runSteps.facets, trpc.runSteps.find]) refreshQueries(queryClient, procedure.pathKey());
  }, [queryClient, trpc, runId]);

  const subscription = useSubscription(
    trpc.runEvents.live.subscriptionOptions(
      { runId },
      {
        enabled: active,
        onData: (tracked) => {
          buffer.current.push(tracked.data);
          if (flushTimer.current !== undefined) return;
          // Leading edge: no wait after a quiet spell; within the window, at its end.
          const wait = Math.max(0, lastFlushAt.current + minimumFlushIntervalMs - performance.now());
          flushTimer.current = setTimeout(flush, wait);
        },
      },
    ),
  );

  useEffect(
    () => () => {
      if (flushTimer.current !== undefined) clearTimeout(flushTimer.current);
      flushTimer.current = undefined;
    },
    [],
  );

  const connection = !active ? 'idle' : subscription.status === 'pending' ? 'live' : subscription.status === 'error' ? 'error' : 'connecting';
  return { events, revision, connection };
}

/** Appends events, ignoring any seq already held (a reconnect never duplicates, but be safe). */
function mergeBySeq(previous: StoredRunEvent[], arrived: StoredRunEvent[]): StoredRunEvent[] {
  const lastSeq = previous[previous.length - 1]?.seq ?? 0;
  const fresh = arrived.filter((event) => event.seq > lastSeq).sort((left, right) => left.seq - right.seq);
  return fresh.length === 0 ? previous : [...previous, ...fresh];
}
