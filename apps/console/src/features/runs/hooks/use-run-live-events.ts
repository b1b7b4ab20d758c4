'use client';

import type { StoredRunEvent } from '@agentloom/platform';
import { useQueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import { useEffect, useRef, useState } from 'react';
import { useTRPC } from '~/trpc/react';

/** How often arriving events are applied: a replay of thousands of events costs a few renders. */
const flushIntervalMs = 250;

export interface RunLiveEvents {
  /** Events received on the stream, in seq order (what an SSE client sees). */
  events: StoredRunEvent[];
  /** Bumped on every flush; tails (steps, messages) fetch what is new when it changes. */
  revision: number;
  connection: 'idle' | 'connecting' | 'live' | 'error';
}

/**
 * Follows one run's event stream while it is active and refetches what the events touched. The
 * stream resumes by `tracked` id after a reconnect, so nothing is missed or repeated. Events are
 * buffered and applied in batches; refetches go through invalidation, which only touches queries
 * that are on screen (the open tab), so a busy run does not refetch tabs nobody looks at.
 */
export function useRunLiveEvents(runId: string, active: boolean): RunLiveEvents {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const buffer = useRef<StoredRunEvent[]>([]);
  const [events, setEvents] = useState<StoredRunEvent[]>([]);
  const [revision, setRevision] = useState(0);

  const subscription = useSubscription(
    trpc.runEvents.live.subscriptionOptions(
      { runId },
      {
        enabled: active,
        onData: (tracked) => {
          buffer.current.push(tracked.data);
        },
      },
    ),
  );

  useEffect(() => {
    const timer = setInterval(() => {
      if (buffer.current.length === 0) return;
      const arrived = buffer.current;
      buffer.current = [];
      setEvents((previous) => mergeBySeq(previous, arrived));
      setRevision((value) => value + 1);
      const touched = [trpc.runs.get, trpc.toolCalls.list, trpc.checkpoints.list, trpc.approvals.list];
      for (const procedure of touched) void queryClient.invalidateQueries({ queryKey: procedure.pathKey() });
    }, flushIntervalMs);
    return () => clearInterval(timer);
  }, [queryClient, trpc]);

  const connection = !active ? 'idle' : subscription.status === 'pending' ? 'live' : subscription.status === 'error' ? 'error' : 'connecting';
  return { events, revision, connection };
}

/** Appends events, ignoring any seq already held (a reconnect never duplicates, but be safe). */
function mergeBySeq(previous: StoredRunEvent[], arrived: StoredRunEvent[]): StoredRunEvent[] {
  const lastSeq = previous[previous.length - 1]?.seq ?? 0;
  const fresh = arrived.filter((event) => event.seq > lastSeq).sort((left, right) => left.seq - right.seq);
  return fresh.length === 0 ? previous : [...previous, ...fresh];
}
