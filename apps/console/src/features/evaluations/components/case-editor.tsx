'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { buttonStyles, inputStyles } from '~/components/button-styles';
import { ErrorNotice } from '~/components/error-notice';
import { useTRPC } from '~/trpc/react';
import type { DatasetCase } from './dataset-case';

/** Labels typed as "a, b, c": trimmed, empty ones dropped. */
export function parseLabels(text: string): string[] {
  return text
    .split(',')
    .map((label) => label.trim())
    .filter((label) => label !== '');
}

/** Edits what a case is judged against: expected output (empty: the recorded output) and labels; saving makes a new dataset version. */
export function CaseEditor({ dataset, testCase, onDone }: { dataset: string; testCase: DatasetCase; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const formId = useId();
  const [expected, setExpected] = useState(testCase.expectedOutput ?? '');
  const [labels, setLabels] = useState(testCase.labels.join(', '));
  const update = useMutation(
    trpc.datasets.updateCase.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.datasets.pathKey() });
        onDone();
      },
    }),
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    update.mutate({ name: dataset, caseId: testCase.id, expectedOutput: expected === '' ? null : expected, labels: parseLabels(labels) });
  }

  return (
    <form onSubmit={submit} aria-label={`Edit case ${testCase.position}`} className="space-y-3 rounded-lg border border-zinc-200 p-3 dark:border-zinc-800">
      <div>
        <label htmlFor={`${formId}-expected`} className="text-sm font-medium">
          Expected output
        </label>
        <textarea
          id={`${formId}-expected`}
          className={`${inputStyles} mt-1 min-h-20`}
          value={expected}
          onChange={(event) => setExpected(event.target.value)}
          placeholder={testCase.finalOutput ?? ''}
          aria-describedby={`${formId}-expected-help`}
        />
        <span id={`${formId}-expected-help`} className="mt-1 block text-xs text-zinc-600 dark:text-zinc-300">
          Empty: output scorers compare with the recorded output.
        </span>
      </div>
      <div>
        <label htmlFor={`${formId}-labels`} className="text-sm font-medium">
          Labels
        </label>
        <input
          id={`${formId}-labels`}
          className={`${inputStyles} mt-1`}
          value={labels}
          onChange={(event) => setLabels(event.target.value)}
          placeholder="refund, smoke"
        />
      </div>
      {update.error ? <ErrorNotice title="The case could not be saved" message={update.error.message} /> : null}
      <div className="flex gap-2">
        <button type="submit" className={buttonStyles.primary} disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save case'}
        </button>
        <button type="button" className={buttonStyles.secondary} onClick={onDone} disabled={update.isPending}>
          Cancel
        </button>
      </div>
    </form>
  );
}
