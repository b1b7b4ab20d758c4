'use client';

import type { RunMessageView } from '@agentloom/platform';
import { buttonStyles, cardStyles } from '~/components/button-styles';
import { ErrorNotice } from '~/components/error-notice';
import { JsonTree } from '~/components/json-tree';
import { SkeletonRows } from '~/components/skeleton';
import { MemoryHitChips } from '~/features/memory/components/memory-hit-chips';
import { useRunMemoryHits } from '~/features/memory/hooks/use-run-memory-hits';
import type { MessageMemoryHit } from '~/features/memory/memory-hit-scores';
import { useRunMessages } from '~/features/runs/hooks/use-run-messages';

const roleLook: Record<RunMessageView['role'], string> = {
  system: 'bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300',
  user: 'bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-100',
  assistant: 'bg-emerald-50 text-emerald-700 dark:bg-emerald-500/10 dark:text-emerald-400',
  tool: 'bg-sky-50 text-sky-700 dark:bg-sky-500/10 dark:text-sky-300',
};

/** The transcript, a page at a time; system messages are folded because they repeat the instructions. */
export function MessagesTab({ runId, revision }: { runId: string; revision: number }) {
  const { messages, complete, loadMore, isLoadingMore, isPending, error } = useRunMessages(runId, revision);
  const memoryHitsOf = useRunMemoryHits(runId, messages);
  if (error) return <ErrorNotice title="The messages could not be loaded" message={error.message} />;
  if (isPending) return <div className={cardStyles}><SkeletonRows label="Loading messages" /></div>;
  if (messages.length === 0) return <p className={`${cardStyles} px-4 py-10 text-center text-sm text-zinc-500`}>No messages yet.</p>;
  return (
    <section aria-label="Messages" className="space-y-3">
      <ol className="space-y-3">
        {messages.map((message) => (
          <li key={message.id} className={`${cardStyles} p-4`} data-message-role={message.role}>
            <MessageBody message={message} memoryHits={memoryHitsOf(message)} />
          </li>
        ))}
      </ol>
      {complete ? null : (
        <div className="flex justify-center">
          <button type="button" className={buttonStyles.secondary} disabled={isLoadingMore} onClick={loadMore}>
            {isLoadingMore ? 'Loading…' : 'Load more'}
          </button>
        </div>
      )}
    </section>
  );
}

function MessageBody({ message, memoryHits }: { message: RunMessageView; memoryHits: MessageMemoryHit[] }) {
  const header = (
    <span className="flex flex-wrap items-center gap-2 text-xs">
      <span className={`rounded px-1.5 py-0.5 font-medium capitalize ${roleLook[message.role]}`}>{message.role}</span>
      {message.toolName ? <code className="font-mono text-zinc-600 dark:text-zinc-400">{message.toolName}</code> : null}
      {message.isError ? <span className="rounded bg-red-50 px-1.5 py-0.5 font-medium text-red-700 dark:bg-red-500/10 dark:text-red-400">error</span> : null}
      {message.kind !== 'message' ? <span className="text-zinc-400">{message.kind}</span> : null}
      <span className="ml-auto font-mono text-zinc-400">#{message.index}</span>
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
