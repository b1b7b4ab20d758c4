'use client';

import type { ThreadView } from '@agentloom/platform';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { buttonStyles, cardStyles, inputStyles } from '~/components/button-styles';
import { ErrorNotice } from '~/components/error-notice';
import { useTRPC } from '~/trpc/react';

interface ThreadComposerProps {
  thread: ThreadView;
  /** A run of this thread is still working; the next one waits so turns stay in order. */
  busy: boolean;
  onStarted: () => Promise<unknown>;
}

/** Starts the next run on the thread; the page then follows it live, inline. */
export function ThreadComposer({ thread, busy, onStarted }: ThreadComposerProps) {
  const trpc = useTRPC();
  const fieldId = useId();
  const [input, setInput] = useState('');
  const create = useMutation(
    trpc.runs.create.mutationOptions({
      onSuccess: async () => {
        setInput('');
        await onStarted();
      },
    }),
  );
  const disabled = thread.archivedAt !== null || busy || create.isPending;

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (disabled || input.trim() === '') return;
    create.mutate({ agentId: thread.agentId, threadId: thread.id, input });
  }

  const hint =
    thread.archivedAt !== null
      ? 'This thread is archived: its history stays readable, but it takes no new runs.'
      : busy
        ? 'A run of this thread is still working; send the next message when it finishes.'
        : 'The new run starts with the earlier turns of this thread. Ctrl+Enter sends.';

  return (
    <form onSubmit={submit} aria-label="Continue the thread" className={`${cardStyles} space-y-3 p-4`}>
      <label htmlFor={`${fieldId}-input`} className="block text-sm font-medium">
        Next message
      </label>
      <textarea
        id={`${fieldId}-input`}
        value={input}
        onChange={(event) => setInput(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) submit();
        }}
        rows={3}
        disabled={thread.archivedAt !== null}
        placeholder="What should the agent do next?"
        className={`${inputStyles} resize-y`}
      />
      {create.error ? <ErrorNotice title="The run was not started" message={create.error.message} /> : null}
      <div className="flex items-center justify-between gap-3">
        <p className="text-xs text-zinc-500 dark:text-zinc-400">{hint}</p>
        <button type="submit" className={buttonStyles.primary} disabled={disabled || input.trim() === ''}>
          {create.isPending ? 'Starting…' : 'Start run'}
        </button>
      </div>
    </form>
  );
}
