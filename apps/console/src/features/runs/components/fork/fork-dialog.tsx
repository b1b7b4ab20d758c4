'use client';

import type { ForkRunInput, RunView } from '@agentloom/platform';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Route } from 'next';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { buttonStyles, inputStyles } from '~/components/button-styles';
import { ErrorNotice } from '~/components/error-notice';
import { useTRPC } from '~/trpc/react';

/**
 * The fork dialog: the version to continue on, the user messages of the transcript up to the step
 * (editable), a message to add, and — folded — the checkpoint state as JSON. Only what changed is
 * sent; the server validates it and names the field it refuses.
 */
export function ForkDialog({ run, stepIndex, checkpointSeq, onClose }: { run: RunView; stepIndex: number; checkpointSeq: number; onClose: () => void }) {
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const dialog = useRef<HTMLDialogElement>(null);
  const versions = useQuery(trpc.agents.versions.queryOptions({ agentId: run.agentId }));
  const checkpoint = useQuery(trpc.checkpoints.get.queryOptions({ runId: run.id, seq: checkpointSeq }));
  const messageCount = (checkpoint.data?.checkpoint.state as { context?: { messageCount?: number } } | undefined)?.context?.messageCount ?? 0;
  const transcript = useQuery(trpc.runMessages.list.queryOptions({ runId: run.id, limit: 500 }));
  const userMessages = (transcript.data?.messages ?? []).filter((message) => message.role === 'user' && message.index < messageCount);
  const [version, setVersion] = useState(run.agentVersion);
  const [edited, setEdited] = useState<Record<number, string>>({});
  const [appendMessage, setAppendMessage] = useState('');
  const [stateText, setStateText] = useState<string | null>(null);
  const [stateError, setStateError] = useState<string | null>(null);
  const fork = useMutation(
    trpc.runs.fork.mutationOptions({
      onSuccess: async (created) => {
        await queryClient.invalidateQueries({ queryKey: trpc.runs.pathKey() });
        router.push(`/runs/${created.id}` as Route);
      },
    }),
  );

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  const storedState = checkpoint.data ? JSON.stringify(checkpoint.data.checkpoint.state, null, 2) : '';
  const submit = () => {
    let state: ForkRunInput['state'];
    if (stateText !== null && stateText !== storedState) {
      try {
        state = JSON.parse(stateText) as ForkRunInput['state'];
      } catch (error) {
        setStateError(`The state is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
        return;
      }
    }
    setStateError(null);
    const messages = Object.entries(edited)
      .filter(([index, content]) => userMessages.find((message) => message.index === Number(index))?.content !== content)
      .map(([index, content]) => ({ index: Number(index), content }));
    fork.mutate({
      runId: run.id,
      stepIndex,
      ...(version !== run.agentVersion ? { agentVersion: version } : {}),
      ...(messages.length > 0 ? { messages } : {}),
      ...(appendMessage.trim() ? { appendMessage } : {}),
      ...(state ? { state } : {}),
    });
  };

  return (
    <dialog
      ref={dialog}
      aria-label={`Fork from step ${stepIndex}`}
      onCancel={(event) => {
        event.preventDefault();
        if (!fork.isPending) onClose();
      }}
      className="m-auto w-full max-w-2xl rounded-xl border border-zinc-200 bg-white p-0 text-zinc-900 shadow-xl backdrop:bg-zinc-950/50 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100"
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <div className="max-h-[70vh] space-y-4 overflow-auto p-5 text-sm">
          <h2 className="text-base font-semibold">Fork from step {stepIndex}</h2>
          <p className="text-zinc-600 dark:text-zinc-400">
            A new run starts from this step’s checkpoint and the transcript up to it ({messageCount} messages). Steps 1 to {stepIndex} are not run again and their tool calls
            are not repeated; the fork continues at step {stepIndex + 1}.
          </p>
          <label className="block text-xs font-medium text-zinc-600 dark:text-zinc-300">
            Agent version
            <select value={version} onChange={(event) => setVersion(Number(event.target.value))} className={`${inputStyles} mt-1 w-40`} disabled={!versions.data}>
              {(versions.data?.versions ?? [{ id: run.agentVersionId, version: run.agentVersion }]).map((option) => (
                <option key={option.id} value={option.version}>
                  v{option.version}
                  {option.version === run.agentVersion ? ' (this run)' : ''}
                </option>
              ))}
            </select>
          </label>
          <fieldset className="min-w-0 space-y-2">
            <legend className="text-xs font-medium text-zinc-600 dark:text-zinc-300">User messages</legend>
            {userMessages.map((message) => (
              <label key={message.id} className="block text-xs text-zinc-600 dark:text-zinc-300">
                Message #{message.index}
                {message.index === 1 ? ' (the task)' : ''}
                <textarea
                  value={edited[message.index] ?? message.content}
                  onChange={(event) => setEdited((current) => ({ ...current, [message.index]: event.target.value }))}
                  rows={3}
                  className={`${inputStyles} mt-1 font-normal`}
                />
              </label>
            ))}
          </fieldset>
          <label className="block text-xs font-medium text-zinc-600 dark:text-zinc-300">
            Add a message (optional; needed when the run ended at this step)
            <textarea value={appendMessage} onChange={(event) => setAppendMessage(event.target.value)} rows={2} className={`${inputStyles} mt-1 font-normal`} />
          </label>
          <details>
            <summary className="cursor-pointer text-xs font-medium text-zinc-600 dark:text-zinc-300">Edit the checkpoint state (JSON)</summary>
            <label className="mt-2 block text-xs text-zinc-600 dark:text-zinc-300">
              Checkpoint state
              <textarea
                value={stateText ?? storedState}
                onChange={(event) => setStateText(event.target.value)}
                rows={12}
                spellCheck={false}
                className={`${inputStyles} mt-1 font-mono text-xs`}
              />
            </label>
          </details>
          {stateError ? <ErrorNotice title="The state was not sent" message={stateError} /> : null}
          {fork.error ? <ErrorNotice title="The run was not forked" message={fork.error.message} /> : null}
        </div>
        <div className="flex justify-end gap-2 border-t border-zinc-200 px-5 py-3 dark:border-zinc-800">
          <button type="button" className={buttonStyles.secondary} onClick={onClose} disabled={fork.isPending}>
            Cancel
          </button>
          <button type="submit" className={buttonStyles.primary} disabled={fork.isPending || fork.isSuccess || !checkpoint.data}>
            {fork.isPending || fork.isSuccess ? 'Forking…' : 'Fork'}
          </button>
        </div>
      </form>
    </dialog>
  );
}
