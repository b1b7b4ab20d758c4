'use client';

import type { Route } from 'next';
import Link from 'next/link';
import { useState } from 'react';
import { buttonStyles, cardStyles } from '~/components/button-styles';
import { useCanOperate } from '~/features/session/principal-context';
import { CaseEditor } from './case-editor';
import type { DatasetCase } from './dataset-case';
import { DeleteCaseButton } from './delete-case-button';

/** The dataset's cases in order: input, what it is judged against, labels, recorded tool calls; operators edit and delete. */
export function CasesTable({ dataset }: { dataset: { name: string; version: number; cases: DatasetCase[] } }) {
  const canOperate = useCanOperate();
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <section aria-labelledby="cases-heading" className={`${cardStyles} overflow-hidden`}>
      <h2 id="cases-heading" className="border-b border-zinc-200 px-4 py-2 text-sm font-semibold dark:border-zinc-800">
        Cases <span className="font-normal text-zinc-600 dark:text-zinc-300">({dataset.cases.length})</span>
      </h2>
      {dataset.cases.length === 0 ? (
        <p className="px-4 py-3 text-sm text-zinc-600 dark:text-zinc-300">
          No cases yet. Select finished runs in the{' '}
          <Link href="/runs" className="text-brand-700 underline dark:text-brand-300">
            runs list
          </Link>{' '}
          and choose “Add to dataset”, or import a JSONL file through the API.
        </p>
      ) : (
        <ol className="divide-y divide-zinc-100 dark:divide-zinc-800">
          {dataset.cases.map((testCase) => (
            <li key={testCase.id} aria-label={`Case ${testCase.position}`} data-case-id={testCase.id} className="space-y-2 px-4 py-3 text-sm">
              <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                <span className="font-semibold tabular-nums">#{testCase.position}</span>
                <span className="text-xs text-zinc-600 dark:text-zinc-300">added in v{testCase.addedInVersion}</span>
                <span className="text-xs text-zinc-600 dark:text-zinc-300">
                  {testCase.toolCallCount} recorded tool {testCase.toolCallCount === 1 ? 'call' : 'calls'}
                </span>
                {testCase.sourceRunId ? (
                  <Link href={`/runs/${testCase.sourceRunId}` as Route} className="font-mono text-xs text-brand-700 hover:underline dark:text-brand-300">
                    run {testCase.sourceRunId.slice(0, 8)}
                  </Link>
                ) : (
                  <span className="text-xs text-zinc-600 dark:text-zinc-300">hand-written</span>
                )}
                {testCase.labels.map((label) => (
                  <span key={label} className="rounded-full bg-zinc-100 px-2 py-0.5 text-xs dark:bg-zinc-800">
                    {label}
                  </span>
                ))}
                {canOperate && editing !== testCase.id ? (
                  <span className="ml-auto flex gap-2">
                    <button
                      type="button"
                      className={buttonStyles.secondary}
                      onClick={() => setEditing(testCase.id)}
                      aria-label={`Edit case ${testCase.position}`}
                    >
                      Edit
                    </button>
                    <DeleteCaseButton dataset={dataset.name} testCase={testCase} />
                  </span>
                ) : null}
              </div>
              <dl className="grid gap-2 md:grid-cols-3">
                <Field label="Input">{testCase.input}</Field>
                <Field label="Recorded output">{testCase.finalOutput ?? <em>none</em>}</Field>
                <Field label="Expected output">{testCase.expectedOutput ?? <em>the recorded output</em>}</Field>
              </dl>
              {editing === testCase.id ? <CaseEditor dataset={dataset.name} testCase={testCase} onDone={() => setEditing(null)} /> : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-zinc-600 dark:text-zinc-300">{label}</dt>
      <dd className="max-h-24 overflow-auto break-words whitespace-pre-wrap">{children}</dd>
    </div>
  );
}
