'use client';

import type { StoredRunEvent } from '@agentloom/platform';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { buttonStyles, cardStyles } from '~/components/button-styles';
import { ErrorNotice } from '~/components/error-notice';
import { SkeletonRows } from '~/components/skeleton';
import { useTRPC } from '~/trpc/react';

/**
 * The raw event log, as an SSE client sees it: seq, type, time, payload. Pages from the log are
 * merged with what the live stream delivered, by seq, so the tail grows without refetching.
 */
export function EventsTab({ runId, liveEvents }: { runId: string; liveEvents: StoredRunEvent[] }) {
  const trpc = useTRPC();
  const pages = useInfiniteQuery(
    trpc.runEvents.list.infiniteQueryOptions({ runId, limit: 200 }, { getNextPageParam: (page) => page.nextAfterSeq }),
  );
  const events = useMemo(() => {
    const bySeq = new Map<number, StoredRunEvent>();
    for (const page of pages.data?.pages ?? []) for (const event of page.events) bySeq.set(event.seq, event);
    // Live events beyond the loaded pages would leave a gap while more pages remain; show them once contiguous.
    if (!pages.hasNextPage) for (const event of liveEvents) bySeq.set(event.seq, event);
    return [...bySeq.values()].sort((left, right) => left.seq - right.seq);
  }, [pages.data, pages.hasNextPage, liveEvents]);

  if (pages.error) return <ErrorNotice title="The events could not be loaded" message={pages.error.message} />;
  if (pages.isPending) return <div className={cardStyles}><SkeletonRows label="Loading events" /></div>;
  return (
    <section aria-label="Events" className={`${cardStyles} overflow-hidden`}>
      <table className="w-full table-fixed text-left text-xs">
        <thead className="border-b border-zinc-200 bg-zinc-50 text-zinc-500 dark:border-zinc-800 dark:bg-zinc-900/80 dark:text-zinc-400">
          <tr>
            <th className="w-14 px-3 py-2 font-medium">seq</th>
            <th className="w-44 px-3 py-2 font-medium">type</th>
            <th className="w-28 px-3 py-2 font-medium">time</th>
            <th className="px-3 py-2 font-medium">payload</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100 font-mono dark:divide-zinc-800">
          {events.map((event) => (
            <tr key={event.seq} data-event-type={event.type} className="align-top">
              <td className="px-3 py-1.5 text-zinc-500 tabular-nums">{event.seq}</td>
              <td className="px-3 py-1.5 font-medium">{event.type}</td>
              <td className="px-3 py-1.5 text-zinc-500">{new Date(event.createdAt).toLocaleTimeString()}</td>
              <td className="truncate px-3 py-1.5 text-zinc-600 dark:text-zinc-400" title={JSON.stringify(event.payload)}>
                {JSON.stringify(event.payload)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {pages.hasNextPage ? (
        <div className="border-t border-zinc-200 p-2 text-center dark:border-zinc-800">
          <button type="button" className={buttonStyles.secondary} disabled={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
            Load more
          </button>
        </div>
      ) : null}
    </section>
  );
}
