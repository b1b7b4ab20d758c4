import type { RunView } from '@agentloom/platform';
import type { Route } from 'next';
import Link from 'next/link';
import { durationBetween, formatCost, formatCount, formatDuration, formatRelative } from '~/components/format';
import { useLocalTimeFormat } from '~/components/local-time';
import { RunStatusBadge } from '~/features/runs/components/run-status-badge';
import { runText } from '~/features/runs/run-text';
import { threadTitle } from '~/features/threads/thread-title';

/** Shared by the header and the rows, so the columns line up. */
export const runColumns = 'grid grid-cols-[minmax(0,2fr)_minmax(8rem,1fr)_minmax(0,1.3fr)_minmax(6rem,1fr)_5rem_3.5rem_5rem_4.5rem] items-center gap-3';

/**
 * One run. The run link stretches over the whole row (an `::after` box), and the thread link sits
 * above it, so both are real links without nesting one anchor in another.
 */
export function RunRow({
  run,
  agentName,
  now,
  selection,
}: {
  run: RunView;
  agentName: string | undefined;
  now: number;
  /** A checkbox to pick the run for a dataset (operators); only finished runs can be picked. */
  selection?: { selected: boolean; onChange: (selected: boolean) => void };
}) {
  const tokens = run.usage.inputTokens + run.usage.outputTokens;
  const inputPreview = runText(run.input, false);
  // Tooltips too: an attribute the server rendered in its own zone is never corrected on hydration.
  const formatLocal = useLocalTimeFormat();
  return (
    <li
      data-run-id={run.id}
      className={`${runColumns} relative px-4 py-3 text-sm focus-within:bg-brand-50 hover:bg-zinc-50 dark:focus-within:bg-brand-950 dark:hover:bg-zinc-800/50`}
    >
      <span className="flex min-w-0 items-start gap-2">
        {selection ? (
          <input
            type="checkbox"
            // Above the row-wide link, like the thread link.
            className="relative z-10 mt-1"
            aria-label={`Select run ${run.id.slice(0, 8)} for a dataset`}
            disabled={run.status !== 'succeeded' && run.status !== 'failed'}
            title={run.status !== 'succeeded' && run.status !== 'failed' ? 'Only finished runs (succeeded or failed) can become cases' : undefined}
            checked={selection.selected}
            onChange={(event) => selection.onChange(event.target.checked)}
          />
        ) : null}
        <span className="min-w-0 flex-1">
          <Link
            href={`/runs/${run.id}` as Route}
            data-list-item
            className="block truncate font-medium after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
          >
            {agentName ?? 'Unknown agent'}
            <span className="ml-1.5 text-xs font-normal text-zinc-600 dark:text-zinc-400" data-agent-version={run.agentVersion}>
              v{run.agentVersion}
            </span>
          </Link>
          <span className="block truncate text-xs text-zinc-500 dark:text-zinc-400" title={inputPreview}>
            {inputPreview}
          </span>
        </span>
      </span>
      <span>
        <RunStatusBadge status={run.status} />
      </span>
      <span className="min-w-0 truncate">
        {run.threadId ? (
          <Link
            href={`/threads/${run.threadId}` as Route}
            data-thread-link
            className="relative z-10 text-brand-700 hover:underline dark:text-brand-300"
            title={threadTitle({ id: run.threadId, title: run.threadTitle ?? '' })}
          >
            {threadTitle({ id: run.threadId, title: run.threadTitle ?? '' })}
          </Link>
        ) : (
          <span className="text-zinc-500 dark:text-zinc-400">
            <span aria-hidden="true">—</span>
            <span className="sr-only">No thread</span>
          </span>
        )}
      </span>
      <span className="truncate text-zinc-600 dark:text-zinc-400" title={formatLocal(run.startedAt ?? run.queuedAt)} data-run-started>
        {run.startedAt ? formatRelative(run.startedAt, now) : <span className="italic">not started</span>}
      </span>
      <span className="text-right tabular-nums">{formatDuration(durationBetween(run.startedAt, run.finishedAt, now))}</span>
      <span className="text-right tabular-nums">{formatCount(run.usage.steps)}</span>
      <span className="text-right tabular-nums">{formatCount(tokens)}</span>
      <span className="text-right tabular-nums" title={run.usage.costKnown ? undefined : 'A model of this run has no prices configured'}>
        {run.usage.costKnown ? formatCost(run.usage.costUsd) : run.usage.costUsd > 0 ? `≥ ${formatCost(run.usage.costUsd)}` : 'unknown'}
      </span>
    </li>
  );
}
