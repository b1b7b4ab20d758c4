'use client';

import type { StoredRunEvent } from '@agentloom/platform';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef, useState } from 'react';
import { cardStyles, inputStyles } from '~/components/button-styles';
import { ErrorNotice } from '~/components/error-notice';
import { formatCount } from '~/components/format';
import { LocalTime } from '~/components/local-time';
import { SkeletonRows } from '~/components/skeleton';
import { useLoadOnScroll } from '~/features/runs/hooks/use-load-on-scroll';
import { useTRPC } from '~/trpc/react';

const rowHeight = 28;
const columns = 'grid grid-cols-[3.5rem_11rem_6.5rem_minmax(0,1fr)] gap-2';

/**
 * The raw event log, as an SSE client sees it: seq, type, time, payload. A type filter runs on the
 * server; pages load as the virtualized list scrolls. Without a filter, pages are merged with what
 * the live stream delivered, by seq, so the tail grows without refetching.
 */
export function EventsTab({ runId, liveEvents }: { runId: string; liveEvents: StoredRunEvent[] }) {
  const trpc = useTRPC();
  const [type, setType] = useState('');
  const facets = useQuery(trpc.runSteps.facets.queryOptions({ runId }));
  const pages = useInfiniteQuery(
    trpc.runEvents.list.infiniteQueryOptions({ runId, limit: 500, ...(type ? { types: [type] } : {}) }, { getNextPageParam: (page) => page.nextAfterSeq }),
  );
  const events = useMemo(() => {
    const bySeq = new Map<number, StoredRunEvent>();
    for (const page of pages.data?.pages ?? []) for (const event of page.events) bySeq.set(event.seq, event);
    // Live events beyond the loaded pages would leave a gap while more pages remain; show them once contiguous.
    if (!pages.hasNextPage) for (const event of liveEvents) if (!type || event.type === type) bySeq.set(event.seq, event);
    return [...bySeq.values()].sort((left, right) => left.seq - right.seq);
  }, [pages.data, pages.hasNextPage, liveEvents, type]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: events.length, getScrollElement: () => scrollRef.current, estimateSize: () => rowHeight, overscan: 20 });
  useLoadOnScroll(virtualizer.getVirtualItems(), events.length, pages);

  if (pages.error) return <ErrorNotice title="The events could not be loaded" message={pages.error.message} />;
  return (
    <section aria-label="Events" className={`${cardStyles} overflow-hidden`}>
      <div className="flex items-center gap-2 border-b border-zinc-200 px-3 py-2 text-xs dark:border-zinc-800">
        <label htmlFor="event-type">Type</label>
        <select id="event-type" className={inputStyles.replace('block w-full', 'w-auto')} value={type} onChange={(event) => setType(event.target.value)}>
          <option value="">All types</option>
          {facets.data?.eventTypes.map((entry) => (
            <option key={entry.type} value={entry.type}>
              {entry.type} ({formatCount(entry.events)})
            </option>
          ))}
        </select>
      </div>
      <div className={`${columns} border-b border-zinc-200 bg-zinc-50 px-3 py-2 text-xs font-medium text-zinc-600 dark:border-zinc-800 dark:bg-zinc-900/80 dark:text-zinc-400`} aria-hidden="true">
        <span>seq</span>
        <span>type</span>
        <span>time</span>
        <span>payload</span>
      </div>
      {pages.isPending ? (
        <SkeletonRows label="Loading events" />
      ) : (
        <div ref={scrollRef} className="max-h-[36rem] overflow-auto" style={{ height: Math.min(virtualizer.getTotalSize(), 576) }} tabIndex={0} aria-label={`${events.length} events loaded`}>
          <ol className="relative font-mono text-xs" style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((item) => {
              const event = events[item.index];
              if (!event) return null;
              return (
                <li
                  key={event.seq}
                  data-event-type={event.type}
                  className={`${columns} absolute inset-x-0 top-0 items-center border-b border-zinc-100 px-3 dark:border-zinc-800`}
                  style={{ height: item.size, transform: `translateY(${item.start}px)` }}
                >
                  <span className="text-zinc-600 tabular-nums dark:text-zinc-400">{event.seq}</span>
                  <span className="truncate font-medium">{event.type}</span>
                  <span className="text-zinc-600 dark:text-zinc-400" title={new Date(event.createdAt).toISOString()}>
                    <LocalTime iso={new Date(event.createdAt).toISOString()} options={{ hour: 'numeric', minute: 'numeric', second: 'numeric' }} />
                  </span>
                  <span className="truncate text-zinc-700 dark:text-zinc-300" title={JSON.stringify(event.payload)}>
                    {JSON.stringify(event.payload)}
                  </span>
                </li>
              );
            })}
          </ol>
        </div>
      )}
    </section>
  );
}
