'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Route } from 'next';
import { useRouter } from 'next/navigation';
import { useId, useState, type FormEvent } from 'react';
import { buttonStyles, cardStyles, inputStyles } from '~/components/button-styles';
import { ErrorNotice } from '~/components/error-notice';
import { useTRPC } from '~/trpc/react';

/**
 * Creates a dataset, optionally with hand-written cases from a JSONL file (one case object per
 * line). The import is a second request: a refused file leaves the empty dataset, named in the error.
 */
export function NewDatasetForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const formId = useId();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [policy, setPolicy] = useState<'fail' | 'live-if-no-side-effects'>('fail');
  const [file, setFile] = useState<File | null>(null);
  const create = useMutation(trpc.datasets.create.mutationOptions());
  const importCases = useMutation(trpc.datasets.importCases.mutationOptions());
  const error = create.error ?? importCases.error;

  async function submit(event: FormEvent) {
    event.preventDefault();
    create.reset();
    importCases.reset();
    try {
      const dataset = await create.mutateAsync({ name, description, unmatchedToolPolicy: policy });
      if (file) await importCases.mutateAsync({ name: dataset.name, jsonl: await file.text() });
      await queryClient.invalidateQueries({ queryKey: trpc.datasets.list.queryKey() });
      router.push(`/datasets/${encodeURIComponent(dataset.name)}` as Route);
    } catch {
      // Shown below from the mutation's error.
    }
  }

  return (
    <section aria-label="Create a dataset" className={`${cardStyles} p-5`}>
      <h2 className="text-sm font-semibold">New dataset</h2>
      <form className="mt-4 space-y-4" onSubmit={(event) => void submit(event)}>
        <div className="grid gap-4 md:grid-cols-2">
          <label className="block text-sm font-medium">
            Name
            <input
              className={`${inputStyles} mt-1 font-mono`}
              required
              maxLength={100}
              pattern="[a-zA-Z0-9][a-zA-Z0-9._\-]*"
              value={name}
              onChange={(event) => setName(event.target.value)}
              placeholder="refunds-regression"
              aria-describedby={`${formId}-name-help`}
            />
            <span id={`${formId}-name-help`} className="mt-1 block text-xs font-normal text-zinc-600 dark:text-zinc-300">
              Letters, digits, dots, dashes and underscores; the CLI’s <code>--dataset</code>.
            </span>
          </label>
          <div className="text-sm font-medium">
            <label htmlFor={`${formId}-policy`}>Unmatched tool call</label>
            <select
              id={`${formId}-policy`}
              className={`${inputStyles} mt-1`}
              value={policy}
              onChange={(event) => setPolicy(event.target.value as typeof policy)}
            >
              <option value="fail">Fail the case</option>
              <option value="live-if-no-side-effects">Call the real tool if it has no side effects</option>
            </select>
            <span className="mt-1 block text-xs font-normal text-zinc-600 dark:text-zinc-300">A replay never executes an unsafe tool without a recording.</span>
          </div>
        </div>
        <label className="block text-sm font-medium">
          Description
          <input
            className={`${inputStyles} mt-1`}
            maxLength={2000}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            placeholder="What these cases guard"
          />
        </label>
        <label className="block text-sm font-medium">
          Cases from a JSONL file (optional)
          <input
            type="file"
            accept=".jsonl,.ndjson,application/jsonl,text/plain"
            className="mt-1 block w-full text-sm file:mr-3 file:rounded-lg file:border file:border-zinc-300 file:bg-white file:px-3 file:py-1.5 file:text-sm dark:file:border-zinc-700 dark:file:bg-zinc-900 dark:file:text-zinc-100"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            aria-describedby={`${formId}-file-help`}
          />
          <span id={`${formId}-file-help`} className="mt-1 block text-xs font-normal text-zinc-600 dark:text-zinc-300">
            One case per line: <code>{'{"input": "…", "expectedOutput": "…", "labels": [], "toolResults": [{"name", "arguments", "content"}]}'}</code>. Or add
            runs from the runs list.
          </span>
        </label>
        {error ? (
          <ErrorNotice
            title={importCases.error ? `Dataset “${name}” was created, but the file was refused` : 'The dataset could not be created'}
            message={error.message}
          />
        ) : null}
        <button type="submit" className={buttonStyles.primary} disabled={create.isPending || importCases.isPending}>
          {create.isPending || importCases.isPending ? 'Creating…' : 'Create dataset'}
        </button>
      </form>
    </section>
  );
}
