'use client';

import { useInfiniteQuery } from '@tanstack/react-query';
import { buttonStyles, cardStyles } from '~/components/button-styles';
import { ErrorNotice } from '~/components/error-notice';
import { formatDuration } from '~/components/format';
import { SkeletonRows } from '~/components/skeleton';
import { handleArrowNavigation } from '~/components/use-arrow-navigation';
import { ToolCallDetail } from '~/features/runs/components/run-page/tool-call-detail';
import { ToolCallStatusBadge } from '~/features/runs/components/run-page/tool-call-status-badge';
import { useRunPageState } from '~/features/runs/components/run-page/use-run-page-state';
import { useTRPC } from '~/trpc/react';

/** The ledger: pick a call on the left, inspect it on the right; the URL remembers the pick. */
export function ToolCallsTab({ runId }: { runId: string }) {
  const trpc = useTRPC();
  const { toolCallId, navigate } = useRunPageState();
  const toolCalls = useInfiniteQuery(trpc.toolCalls.list.infiniteQueryOptions({ runId, limit: 100 }, { getNextPageParam: (page) => page.nextCursor }));
  const calls = toolCalls.data?.pages.flatMap((page) => page.toolCalls) ?? [];

  if (toolCalls.error) return <ErrorNotice title="The tool calls could not be loaded" message={toolCalls.error.message} />;
  if (toolCalls.isPending) return <div className={cardStyles}><SkeletonRows label="Loading tool calls" /></div>;
  if (calls.length === 0) return <p className={`${cardStyles} px-4 py-10 text-center text-sm text-zinc-500`}>No tool calls in this run (yet).</p>;

  const selected = calls.find((call) => call.id === toolCallId) ?? calls[0];
  return (
    <div className="grid gap-4 lg:grid-cols-[18rem_minmax(0,1fr)]">
      <section aria-label="Tool calls" className={`${cardStyles} self-start overflow-hidden`}>
        <ul onKeyDown={handleArrowNavigation} className="divide-y divide-zinc-100 dark:divide-zinc-800">
          {calls.map((call) => (
            <li key={call.id}>
              <button
                type="button"
                data-list-item
                aria-current={call.id === selected?.id ? 'true' : undefined}
                onClick={() => navigate({ tab: 'tool-calls', toolCall: call.id })}
                className={`block w-full px-3 py-2.5 text-left text-sm focus-visible:outline-none ${call.id === selected?.id ? 'bg-brand-50 dark:bg-brand-950' : 'hover:bg-zinc-50 focus-visible:bg-zinc-50 dark:hover:bg-zinc-800/50'}`}
              >
                <span className="flex items-center justify-between gap-2">
                  <span className="truncate font-mono text-xs font-medium">{call.name}</span>
                  <ToolCallStatusBadge status={call.status} />
                </span>
                <span className="mt-0.5 block text-xs text-zinc-500">
                  {call.stepIndex === null ? '' : `step #${call.stepIndex} · `}
                  {formatDuration(call.durationMs)}
                </span>
              </button>
            </li>
          ))}
        </ul>
        {toolCalls.hasNextPage ? (
          <div className="border-t border-zinc-200 p-2 text-center dark:border-zinc-800">
            <button type="button" className={buttonStyles.secondary} disabled={toolCalls.isFetchingNextPage} onClick={() => void toolCalls.fetchNextPage()}>
              Load more
            </button>
          </div>
        ) : null}
      </section>
      {selected ? <ToolCallDetail call={selected} /> : null}
    </div>
  );
}
