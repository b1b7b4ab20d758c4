'use client';

import type { ListRunsInput } from '@agentloom/platform';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Route } from 'next';
import { useRouter } from 'next/navigation';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { buttonStyles, inputStyles } from '~/components/button-styles';
import { ErrorNotice } from '~/components/error-notice';
import { useTRPC } from '~/trpc/react';
import { parseLabels } from './case-editor';

/** What becomes cases: runs picked one by one, or every finished run a runs-list filter matches. */
export type DatasetSource = { kind: 'runs'; runIds: string[] } | { kind: 'filter'; filter: ListRunsInput; limit: number };

const newDataset = '\u0000new';

/**
 * Adds runs to a dataset (an existing one, or one created here), with labels for every added case;
 * the dataset page opens on success. A refusal (a run still going, a name taken) stays in the dialog.
 */
export function AddToDatasetDialog({ source, onClose }: { source: DatasetSource; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const formId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const datasets = useQuery(trpc.datasets.list.queryOptions());
  const [choice, setChoice] = useState<string>('');
  const [name, setName] = useState('');
  const [labels, setLabels] = useState('');
  const create = useMutation(trpc.datasets.create.mutationOptions());
  const addRuns = useMutation(trpc.datasets.addRuns.mutationOptions());
  const addMatching = useMutation(trpc.datasets.addMatchingRuns.mutationOptions());
  const pending = create.isPending || addRuns.isPending || addMatching.isPending;
  const error = create.error ?? addRuns.error ?? addMatching.error;
  const creating = choice === newDataset || (datasets.data !== undefined && datasets.data.length === 0);
  const selectedName = creating ? name : choice;

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    for (const mutation of [create, addRuns, addMatching]) mutation.reset();
    try {
      if (creating) await create.mutateAsync({ name });
      const caseLabels = parseLabels(labels);
      if (source.kind === 'runs') await addRuns.mutateAsync({ name: selectedName, runIds: source.runIds, labels: caseLabels });
      else await addMatching.mutateAsync({ name: selectedName, filter: source.filter, limit: source.limit, labels: caseLabels });
      await queryClient.invalidateQueries({ queryKey: trpc.datasets.pathKey() });
      router.push(`/datasets/${encodeURIComponent(selectedName)}` as Route);
    } catch {
      // Shown in the dialog from the mutation's error.
    }
  }

  const title =
    source.kind === 'runs' ? `Add ${source.runIds.length} ${source.runIds.length === 1 ? 'run' : 'runs'} to a dataset` : 'Add the matching runs to a dataset';
  return (
    <dialog
      ref={dialog}
      aria-label={title}
      onCancel={(event) => {
        event.preventDefault();
        if (!pending) onClose();
      }}
      className="m-auto w-full max-w-md rounded-xl border border-zinc-200 bg-white p-0 text-zinc-900 shadow-xl backdrop:bg-zinc-950/50 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100"
    >
      <form onSubmit={(event) => void submit(event)}>
        <div className="space-y-4 p-5">
          <h2 className="text-base font-semibold">{title}</h2>
          <p className="text-sm text-zinc-600 dark:text-zinc-300">
            {source.kind === 'runs'
              ? 'Each run becomes a case: its input, thread context, injected memories, recorded tool results and model replies, and its output.'
              : `Every succeeded or failed run the list’s filters match, newest first, up to ${source.limit}; replays of experiments are left out.`}
          </p>
          {datasets.data && datasets.data.length > 0 ? (
            <div className="text-sm font-medium">
              <label htmlFor={`${formId}-dataset`}>Dataset</label>
              <select id={`${formId}-dataset`} className={`${inputStyles} mt-1`} required value={choice} onChange={(event) => setChoice(event.target.value)}>
                <option value="">Choose a dataset</option>
                {datasets.data.map((dataset) => (
                  <option key={dataset.id} value={dataset.name}>
                    {dataset.name} ({dataset.caseCount} cases)
                  </option>
                ))}
                <option value={newDataset}>New dataset…</option>
              </select>
            </div>
          ) : null}
          {creating ? (
            <label className="block text-sm font-medium">
              New dataset name
              <input
                className={`${inputStyles} mt-1 font-mono`}
                required
                maxLength={100}
                pattern="[a-zA-Z0-9][a-zA-Z0-9._\-]*"
                value={name}
                onChange={(event) => setName(event.target.value)}
                placeholder="refunds-regression"
              />
            </label>
          ) : null}
          <label className="block text-sm font-medium">
            Labels for these cases (optional)
            <input className={`${inputStyles} mt-1`} value={labels} onChange={(event) => setLabels(event.target.value)} placeholder="refund, smoke" />
          </label>
          {error ? <ErrorNotice title="The runs could not be added" message={error.message} /> : null}
        </div>
        <div className="flex justify-end gap-2 border-t border-zinc-200 px-5 py-3 dark:border-zinc-800">
          <button type="button" className={buttonStyles.secondary} onClick={onClose} disabled={pending}>
            Cancel
          </button>
          <button type="submit" className={buttonStyles.primary} disabled={pending}>
            {pending ? 'Adding…' : 'Add to dataset'}
          </button>
        </div>
      </form>
    </dialog>
  );
}
