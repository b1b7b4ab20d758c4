'use client';

import type { ThreadView } from '@agentloom/platform';
import type { Route } from 'next';
import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { buttonStyles, inputStyles } from '~/components/button-styles';
import { formatRelative } from '~/components/format';
import { useLocalTimeFormat } from '~/components/local-time';
import { useThreadMutations } from '~/features/threads/hooks/use-thread-mutations';
import { threadTitle } from '~/features/threads/thread-title';

/** One thread: a link to its conversation, with rename (inline) and archive for operators. */
export function ThreadRow({ thread, agentName, now, canOperate }: { thread: ThreadView; agentName: string | undefined; now: number; canOperate: boolean }) {
  const [editing, setEditing] = useState(false);
  const { rename, archive } = useThreadMutations();
  const error = rename.error ?? archive.error;
  // Tooltips too: an attribute the server rendered in its own zone is never corrected on hydration.
  const formatLocal = useLocalTimeFormat();

  return (
    <li className="flex items-center gap-3 px-4 py-3" data-thread-id={thread.id}>
      {editing ? (
        <RenameForm
          thread={thread}
          pending={rename.isPending}
          onCancel={() => setEditing(false)}
          onSave={(title) => rename.mutate({ threadId: thread.id, title }, { onSuccess: () => setEditing(false) })}
        />
      ) : (
        <Link
          href={`/threads/${thread.id}` as Route}
          data-list-item
          className="-mx-2 -my-1 min-w-0 flex-1 rounded px-2 py-1 text-sm hover:bg-zinc-50 focus-visible:bg-brand-50 focus-visible:outline-none dark:hover:bg-zinc-800/50 dark:focus-visible:bg-brand-950"
        >
          <span className="block truncate font-medium">{threadTitle(thread)}</span>
          <span className="block truncate text-xs text-zinc-500 dark:text-zinc-400">
            {agentName ?? 'Unknown agent'}
            {thread.endUserId ? ` · user ${thread.endUserId}` : ''}
            {' · '}
            <span title={formatLocal(thread.updatedAt)}>{now === 0 ? 'active' : `active ${formatRelative(thread.updatedAt, now)}`}</span>
          </span>
        </Link>
      )}
      {thread.archivedAt ? (
        <span className="rounded-full bg-zinc-100 px-2 py-0.5 text-xs font-medium text-zinc-600 dark:bg-zinc-800 dark:text-zinc-400">Archived</span>
      ) : null}
      {error ? (
        <span role="alert" className="max-w-56 truncate text-xs text-red-700 dark:text-red-400" title={error.message}>
          {error.message}
        </span>
      ) : null}
      {canOperate && !editing ? (
        <span className="flex shrink-0 gap-1">
          <button type="button" className={buttonStyles.ghost} onClick={() => setEditing(true)} aria-label={`Rename ${threadTitle(thread)}`}>
            Rename
          </button>
          {thread.archivedAt ? null : (
            <button
              type="button"
              className={buttonStyles.ghost}
              disabled={archive.isPending}
              onClick={() => archive.mutate({ threadId: thread.id })}
              aria-label={`Archive ${threadTitle(thread)}`}
            >
              Archive
            </button>
          )}
        </span>
      ) : null}
    </li>
  );
}

function RenameForm({ thread, pending, onSave, onCancel }: { thread: ThreadView; pending: boolean; onSave: (title: string) => void; onCancel: () => void }) {
  const [title, setTitle] = useState(thread.title);
  function submit(event: FormEvent) {
    event.preventDefault();
    onSave(title.trim());
  }
  return (
    <form onSubmit={submit} className="flex min-w-0 flex-1 items-center gap-2" aria-label="Rename thread">
      <input
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onCancel();
        }}
        maxLength={200}
        autoFocus
        aria-label="Thread title"
        className={`${inputStyles} h-8`}
      />
      <button type="submit" className={buttonStyles.primary} disabled={pending}>
        {pending ? 'Saving…' : 'Save'}
      </button>
      <button type="button" className={buttonStyles.secondary} onClick={onCancel}>
        Cancel
      </button>
    </form>
  );
}
