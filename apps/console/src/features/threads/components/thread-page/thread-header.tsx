'use client';

import type { EraseReceipt, ThreadView } from '@agentloom/platform';
import Link from 'next/link';
import { buttonStyles } from '~/components/button-styles';
import { CopyButton } from '~/components/copy-button';
import { useAgentNames } from '~/features/agents/hooks/use-agent-names';
import { EraseAction } from '~/features/memory/components/erase-action';
import { useCanOperate } from '~/features/session/principal-context';
import { useThreadMutations } from '~/features/threads/hooks/use-thread-mutations';
import { threadTitle } from '~/features/threads/thread-title';

const connectionLabel = { idle: null, connecting: 'Connecting…', live: 'Live', error: 'Reconnecting…' } as const;

export function ThreadHeader({
  thread,
  connection,
  onErased,
}: {
  thread: ThreadView;
  connection: keyof typeof connectionLabel;
  onErased: (receipt: EraseReceipt) => void;
}) {
  const agentNames = useAgentNames();
  const canOperate = useCanOperate();
  const { archive } = useThreadMutations();
  return (
    <header className="space-y-3 border-b border-zinc-200 pb-5 dark:border-zinc-800">
      <Link href="/threads" className="text-sm font-medium text-brand-600 hover:underline dark:text-brand-400">
        ← Threads
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-semibold tracking-tight">{threadTitle(thread)}</h1>
            {thread.archivedAt ? (
              <span className="rounded-full bg-zinc-100 px-2 py-0.5 text-xs font-medium text-zinc-600 dark:bg-zinc-800 dark:text-zinc-400">Archived</span>
            ) : null}
            {connectionLabel[connection] ? (
              <span className="inline-flex items-center gap-1.5 text-xs text-zinc-500 dark:text-zinc-400">
                <span aria-hidden="true" className={`size-2 rounded-full ${connection === 'live' ? 'animate-pulse bg-emerald-500' : 'bg-amber-500'}`} />
                {connectionLabel[connection]}
              </span>
            ) : null}
          </div>
          <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-zinc-600 dark:text-zinc-400">
            <span>{agentNames.get(thread.agentId) ?? 'Unknown agent'}</span>
            {thread.endUserId ? <span>End user {thread.endUserId}</span> : null}
            <span className="flex items-center gap-1 font-mono text-xs">
              {thread.id}
              <CopyButton text={thread.id} label="Copy id" />
            </span>
          </p>
        </div>
        <div className="flex items-center gap-2">
          {canOperate && !thread.archivedAt ? (
            <button type="button" className={buttonStyles.secondary} disabled={archive.isPending} onClick={() => archive.mutate({ threadId: thread.id })}>
              Archive
            </button>
          ) : null}
          <EraseAction unit="thread" id={thread.id} onErased={onErased} />
        </div>
      </div>
      {archive.error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {archive.error.message}
        </p>
      ) : null}
    </header>
  );
}
