import type { RunView } from '@agentloom/platform';
import type { Route } from 'next';
import Link from 'next/link';
import { durationBetween, formatCost, formatCount, formatDuration, formatRelative, formatTimestamp } from '~/components/format';
import { RunStatusBadge } from '~/features/runs/components/run-status-badge';
import { runText } from '~/features/runs/run-text';

/** Shared by the header and the rows, so the columns line up. */
export const runColumns = 'grid grid-cols-[minmax(0,2.2fr)_minmax(0,1.3fr)_minmax(0,1fr)_5.5rem_4rem_5.5rem_5rem] items-center gap-4';

export function RunRow({ run, agentName, now }: { run: RunView; agentName: string | undefined; now: number }) {
  const tokens = run.usage.inputTokens + run.usage.outputTokens;
  const inputPreview = runText(run.input, false);
  return (
    <li>
      <Link
        href={`/runs/${run.id}` as Route}
        data-list-item
        data-run-id={run.id}
        className={`${runColumns} px-4 py-3 text-sm hover:bg-zinc-50 focus-visible:bg-brand-50 focus-visible:outline-none dark:hover:bg-zinc-800/50 dark:focus-visible:bg-brand-950`}
      >
        <span className="min-w-0">
          <span className="block truncate font-medium">{agentName ?? 'Unknown agent'}</span>
          <span className="block truncate text-xs text-zinc-500 dark:text-zinc-400" title={inputPreview}>
            {inputPreview}
          </span>
        </span>
        <span>
          <RunStatusBadge status={run.status} />
        </span>
        <span className="truncate text-zinc-600 dark:text-zinc-400" title={formatTimestamp(run.startedAt ?? run.queuedAt)}>
          {run.startedAt ? formatRelative(run.startedAt, now) : <span className="italic">not started</span>}
        </span>
        <span className="text-right tabular-nums">{formatDuration(durationBetween(run.startedAt, run.finishedAt, now))}</span>
        <span className="text-right tabular-nums">{formatCount(run.usage.steps)}</span>
        <span className="text-right tabular-nums">{formatCount(tokens)}</span>
        <span className="text-right tabular-nums">{formatCost(run.usage.costUsd)}</span>
      </Link>
    </li>
  );
}
