'use client';

import type { RunMessageView } from '@agentloom/platform';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import { cardStyles } from '~/components/button-styles';
import { ErrorNotice } from '~/components/error-notice';
import { JsonTree } from '~/components/json-tree';
import { SkeletonRows } from '~/components/skeleton';
import { MemoryHitChips } from '~/features/memory/components/memory-hit-chips';
import { useRunMemoryHits } from '~/features/memory/hooks/use-run-memory-hits';
import type { MessageMemoryHit } from '~/features/memory/memory-hit-scores';
import { useLoadOnScroll } from '~/features/runs/hooks/use-load-on-scroll';
import { useRunMessages } from '~/features/runs/hooks/use-run-messages';

const roleLook: Record<RunMessageView['role'], string> = {
  system: 'bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300',
  user: 'bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-100',
  assistant: 'bg-emerald-50 text-emerald-700 dark:bg-emerald-500/10 dark:text-emerald-400',
  tool: 'bg-sky-50 text-sky-700 dark:bg-sky-500/10 dark:text-sky-300',
};

/**
 * The transcript: a virtualized list (rows measured as they render) whose pages load as it
 * scrolls; system messages are folded because they repeat the instructions.
 */
export function MessagesTab({ runId, revision }: { runId: string; revision: number }) {
  const { messages, complete, loadMore, isLoadingMore, isPending, error } = useRunMessages(runId, revision);
  const memoryHitsOf = useRunMemoryHits(runId, messages);
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: messages.length, getScrollElement: () => scrollRef.current, estimateSize: () => 96, overscan: 6 });
  useLoadOnScroll(virtualizer.getVirtualItems(), messages.length, { hasNextPage: !complete, isFetchingNextPage: isLoadingMore, fetchNextPage: loadMore });
  if (error) return <ErrorNotice title="The messages could not be loaded" message={error.message} />;
  if (isPending) return <div className={cardStyles}><SkeletonRows label="Loading messages" /></div>;
  if (messages.length === 0) return <p className={`${cardStyles} px-4 py-10 text-center text-sm text-zinc-500 dark:text-zinc-400`}>No messages yet.</p>;
  return (
    <section aria-label="Messages">
      <div ref={scrollRef} className="h-[40rem] overflow-auto" tabIndex={0} aria-label={`${messages.length} messages loaded`}>
        <ol className="relative" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const message = messages[item.index];
            if (!message) return null;
            return (
              <li
                key={message.id}
                ref={virtualizer.measureElement}
                data-index={item.index}
                className="absolute inset-x-0 top-0 pb-3"
                style={{ transform: `translateY(${item.start}px)` }}
              >
                <div className={`${cardStyles} p-4`} data-message-role={message.role}>
                  <MessageBody message={message} memoryHits={memoryHitsOf(message)} />
                </div>
              </li>
            );
          })}
        </ol>
      </div>
      {isLoadingMore ? <p className="mt-2 text-center text-xs text-zinc-600 dark:text-zinc-400">Loading more…</p> : null}
    </section>
  );
}

function MessageBody({ message, memoryHits }: { message: RunMessageView; memoryHits: MessageMemoryHit[] }) {
  const header = (
    <span className="flex flex-wrap items-center gap-2 text-xs">
      <span className={`rounded px-1.5 py-0.5 font-medium capitalize ${roleLook[message.role]}`}>{message.role}</span>
      {message.toolName ? <code className="font-mono text-zinc-600 dark:text-zinc-400">{message.toolName}</code> : null}
      {message.isError ? <span className="rounded bg-red-50 px-1.5 py-0.5 font-medium text-red-700 dark:bg-red-500/10 dark:text-red-400">error</span> : null}
      {message.kind !== 'message' ? <span className="text-zinc-500 dark:text-zinc-400">{message.kind}</span> : null}
      <span className="ml-auto font-mono text-zinc-500 dark:text-zinc-400">#{message.index}</span>
    </span>
  );
  if (message.role === 'system') {
    return (
      <details>
        <summary className="cursor-pointer list-none">{header}</summary>
        <p className="mt-2 text-sm whitespace-pre-wrap text-zinc-600 dark:text-zinc-400">{message.content}</p>
        <MemoryHitChips hits={memoryHits} />
      </details>
    );
  }
  return (
    <>
      {header}
      {message.content ? <p className="mt-2 text-sm whitespace-pre-wrap">{message.content}</p> : null}
      {Array.isArray(message.toolCalls) && message.toolCalls.length > 0 ? (
        <div className="mt-3">
          <JsonTree value={message.toolCalls} label="Tool calls requested" />
        </div>
      ) : null}
      <MemoryHitChips hits={memoryHits} />
    </>
  );
}
