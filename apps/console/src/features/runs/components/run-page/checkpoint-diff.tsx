'use client';

import type { CheckpointSummaryView } from '@agentloom/platform';
import { useQuery } from '@tanstack/react-query';
import { cardStyles } from '~/components/button-styles';
import { ErrorNotice } from '~/components/error-notice';
import { formatBytes } from '~/components/format';
import { JsonTree } from '~/components/json-tree';
import { SkeletonRows } from '~/components/skeleton';
import { diffJson, type JsonChange } from '~/features/runs/components/run-page/json-diff';
import { useTRPC } from '~/trpc/react';

const changeLook: Record<JsonChange['kind'], string> = {
  added: 'text-emerald-700 dark:text-emerald-400',
  removed: 'text-red-700 dark:text-red-400',
  changed: 'text-amber-700 dark:text-amber-300',
};

/** One checkpoint: bindings, state, and what changed since the retained checkpoint before it. */
export function CheckpointDiff({ runId, summary }: { runId: string; summary: CheckpointSummaryView }) {
  const trpc = useTRPC();
  const detail = useQuery(trpc.checkpoints.get.queryOptions({ runId, seq: summary.seq }));
  return (
    <section aria-label={`Checkpoint ${summary.seq}`} className={`${cardStyles} min-w-0 space-y-4 p-5`}>
      <h2 className="text-base font-semibold">
        Checkpoint {summary.seq} <span className="text-sm font-normal text-zinc-500 dark:text-zinc-400">· {formatBytes(summary.byteSize)} · format v{summary.formatVersion}</span>
      </h2>
      <JsonTree value={summary.moduleBindings} label="Module bindings" />
      {detail.error ? <ErrorNotice title="The checkpoint state could not be loaded" message={detail.error.message} /> : null}
      {detail.isPending ? <SkeletonRows label="Loading checkpoint state" rows={4} /> : null}
      {detail.data ? (
        <>
          <div>
            <h3 className="text-sm font-medium">
              {detail.data.previous ? `Changes since checkpoint ${detail.data.previous.seq}` : 'First retained checkpoint — nothing to compare with'}
            </h3>
            {detail.data.previous ? <ChangeList changes={diffJson(detail.data.previous.state, detail.data.checkpoint.state)} /> : null}
          </div>
          <JsonTree value={detail.data.checkpoint.state} label="State" />
        </>
      ) : null}
    </section>
  );
}

function ChangeList({ changes }: { changes: JsonChange[] }) {
  if (changes.length === 0) return <p className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">No changes.</p>;
  return (
    <ul className="mt-2 max-h-72 space-y-1 overflow-auto rounded-lg border border-zinc-200 p-3 font-mono text-xs dark:border-zinc-800">
      {changes.map((change) => (
        <li key={`${change.kind}:${change.path}`} className="break-all">
          <span className={`font-semibold ${changeLook[change.kind]}`}>{change.kind === 'added' ? '+' : change.kind === 'removed' ? '−' : '~'}</span> {change.path}
          {change.kind !== 'added' ? <span className="text-red-700 dark:text-red-400"> {preview(change.before)}</span> : null}
          {change.kind !== 'removed' ? <span className="text-emerald-700 dark:text-emerald-400"> → {preview(change.after)}</span> : null}
        </li>
      ))}
    </ul>
  );
}

function preview(value: unknown): string {
  const text = JSON.stringify(value) ?? 'undefined';
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
}
