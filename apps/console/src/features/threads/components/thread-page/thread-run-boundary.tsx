import type { RunView } from '@agentloom/platform';
import type { Route } from 'next';
import Link from 'next/link';
import { durationBetween, formatDuration } from '~/components/format';
import { LocalTime } from '~/components/local-time';
import { shortId } from '~/features/memory/short-id';
import { RunStatusBadge } from '~/features/runs/components/run-status-badge';

/** The line between two runs of a conversation: which run, its status, when, how long. */
export function ThreadRunBoundary({ runId, run, position, now }: { runId: string; run: RunView | undefined; position: number; now: number }) {
  return (
    <div className="flex items-center gap-3 text-xs text-zinc-500 dark:text-zinc-400" data-run-boundary={runId}>
      <span aria-hidden="true" className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" />
      <span className="flex flex-wrap items-center gap-2">
        <span className="font-medium text-zinc-700 dark:text-zinc-300">Run {position}</span>
        <Link href={`/runs/${runId}` as Route} className="font-mono text-brand-600 hover:underline dark:text-brand-400" aria-label={`Open run ${runId}`}>
          {shortId(runId)}
        </Link>
        {run ? (
          <>
            <RunStatusBadge status={run.status} />
            <LocalTime iso={run.queuedAt} options={{ dateStyle: 'medium', timeStyle: 'short' }} title="timestamp" />
            {run.startedAt ? <span className="tabular-nums">{formatDuration(durationBetween(run.startedAt, run.finishedAt, now))}</span> : null}
          </>
        ) : null}
      </span>
      <span aria-hidden="true" className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" />
    </div>
  );
}
