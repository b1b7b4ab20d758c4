'use client';

import { useInfiniteQuery } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef, useState } from 'react';
import { cardStyles } from '~/components/button-styles';
import { ErrorNotice } from '~/components/error-notice';
import { formatDuration } from '~/components/format';
import { SkeletonRows } from '~/components/skeleton';
import { handleArrowNavigation } from '~/components/use-arrow-navigation';
import { ToolCallDetail } from '~/features/runs/components/run-page/tool-call-detail';
import { ToolCallStatusBadge } from '~/features/runs/components/run-page/tool-call-status-badge';
import { useRunPageState } from '~/features/runs/components/run-page/use-run-page-state';
import { useLoadOnScroll } from '~/features/runs/hooks/use-load-on-scroll';
import { useTRPC } from '~/trpc/react';

const rowHeight = 52;
const problemStatuses = ['failed', 'rejected', 'expired', 'outcome_unknown', 'abandoned'] as const;

/**
 * The ledger: pick a call on the left, inspect it on the right; the URL remembers the pick. The
 * list is virtualized and pages load as it scrolls; "Problems only" filters on the server.
 */
export function ToolCallsTab({ runId }: { runId: string }) {
  const trpc = useTRPC();
  const { toolCallId, navigate } = useRunPageState();
  const [problemsOnly, setProblemsOnly] = useState(false);
  const toolCalls = useInfiniteQuery(
    trpc.toolCalls.list.infiniteQueryOptions(
      { runId, limit: 500, ...(problemsOnly ? { statuses: [...problemStatuses] } : {}) },
      { getNextPageParam: (page) => page.nextCursor },
    ),
  );
  const calls = toolCalls.data?.pages.flatMap((page) => page.toolCalls) ?? [];
  const scrollRef = useRef<HTMLUListElement>(null);
  const virtualizer = useVirtualizer({ count: calls.length, getScrollElement: () => scrollRef.current, estimateSize: () => rowHeight, overscan: 10 });
  useLoadOnScroll(virtualizer.getVirtualItems(), calls.length, toolCalls);

  if (toolCalls.error) return <ErrorNotice title="The tool calls could not be loaded" message={toolCalls.error.message} />;
  if (toolCalls.isPending) return <div className={cardStyles}><SkeletonRows label="Loading tool calls" /></div>;

  const selected = calls.find((call) => call.id === toolCallId) ?? calls[0];
  return (
    <div className="grid gap-4 lg:grid-cols-[18rem_minmax(0,1fr)]">
      <section aria-label="Tool calls" className={`${cardStyles} self-start overflow-hidden`}>
        <label className="flex items-center gap-1.5 border-b border-zinc-200 px-3 py-2 text-xs dark:border-zinc-800">
          <input type="checkbox" className="size-3.5" checked={problemsOnly} onChange={(event) => setProblemsOnly(event.target.checked)} />
          Problems only (failed, rejected, unknown)
        </label>
        {calls.length === 0 ? (
          <p className="px-4 py-10 text-center text-sm text-zinc-600 dark:text-zinc-400">{problemsOnly ? 'No failed or rejected calls.' : 'No tool calls in this run (yet).'}</p>
        ) : (
          <ul ref={scrollRef} onKeyDown={handleArrowNavigation} className="relative max-h-[36rem] overflow-auto" style={{ height: Math.min(virtualizer.getTotalSize(), 576) }}>
            <li aria-hidden="true" style={{ height: virtualizer.getTotalSize() }} />
            {virtualizer.getVirtualItems().map((item) => {
              const call = calls[item.index];
              if (!call) return null;
              return (
                <li key={call.id} className="absolute inset-x-0 top-0 border-b border-zinc-100 dark:border-zinc-800" style={{ height: item.size, transform: `translateY(${item.start}px)` }}>
                  <button
                    type="button"
                    data-list-item
                    aria-current={call.id === selected?.id ? 'true' : undefined}
                    onClick={() => navigate({ tab: 'tool-calls', toolCall: call.id })}
                    className={`block h-full w-full px-3 py-2 text-left text-sm focus-visible:outline-none ${call.id === selected?.id ? 'bg-brand-50 dark:bg-brand-950' : 'hover:bg-zinc-50 focus-visible:bg-zinc-50 dark:hover:bg-zinc-800/50'}`}
                  >
                    <span className="flex items-center justify-between gap-2">
                      <span className="truncate font-mono text-xs font-medium">{call.name}</span>
                      <ToolCallStatusBadge status={call.status} />
                    </span>
                    <span className="mt-0.5 block text-xs text-zinc-600 dark:text-zinc-400">
                      {call.stepIndex === null ? '' : `step #${call.stepIndex} · `}
                      {formatDuration(call.durationMs)}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        {toolCalls.isFetchingNextPage ? <p className="border-t border-zinc-200 px-3 py-1.5 text-xs text-zinc-600 dark:border-zinc-800 dark:text-zinc-400">Loading more…</p> : null}
      </section>
      {selected ? <ToolCallDetail call={selected} /> : null}
    </div>
  );
}
