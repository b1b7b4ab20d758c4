'use client';

import { useInfiniteQuery } from '@tanstack/react-query';
import { buttonStyles, cardStyles } from '~/components/button-styles';
import { ErrorNotice } from '~/components/error-notice';
import { formatBytes } from '~/components/format';
import { LocalTime } from '~/components/local-time';
import { SkeletonRows } from '~/components/skeleton';
import { handleArrowNavigation } from '~/components/use-arrow-navigation';
import { CheckpointDiff } from '~/features/runs/components/run-page/checkpoint-diff';
import { useRunPageState } from '~/features/runs/components/run-page/use-run-page-state';
import { useTRPC } from '~/trpc/react';

/** Retained checkpoints with sizes and bindings; selecting one diffs its state with the previous. */
export function CheckpointsTab({ runId }: { runId: string }) {
  const trpc = useTRPC();
  const { checkpointSeq, navigate } = useRunPageState();
  const checkpoints = useInfiniteQuery(trpc.checkpoints.list.infiniteQueryOptions({ runId }, { getNextPageParam: (page) => page.nextCursor }));
  const rows = checkpoints.data?.pages.flatMap((page) => page.checkpoints) ?? [];

  if (checkpoints.error) return <ErrorNotice title="The checkpoints could not be loaded" message={checkpoints.error.message} />;
  if (checkpoints.isPending) return <div className={cardStyles}><SkeletonRows label="Loading checkpoints" /></div>;
  if (rows.length === 0) return <p className={`${cardStyles} px-4 py-10 text-center text-sm text-zinc-500 dark:text-zinc-400`}>No checkpoint retained yet.</p>;

  const selected = rows.find((row) => row.seq === checkpointSeq) ?? rows[rows.length - 1];
  return (
    <div className="grid gap-4 lg:grid-cols-[22rem_minmax(0,1fr)]">
      <section aria-label="Checkpoints" className={`${cardStyles} self-start overflow-hidden`}>
        <p className="border-b border-zinc-200 px-3 py-2 text-xs text-zinc-500 dark:text-zinc-400 dark:border-zinc-800">
          Retention keeps the latest, every approval point and the one before a failure.
        </p>
        <ul onKeyDown={handleArrowNavigation} className="divide-y divide-zinc-100 dark:divide-zinc-800">
          {rows.map((row) => (
            <li key={row.id}>
              <button
                type="button"
                data-list-item
                aria-current={row.seq === selected?.seq ? 'true' : undefined}
                onClick={() => navigate({ tab: 'checkpoints', checkpoint: row.seq })}
                className={`block w-full px-3 py-2.5 text-left text-sm focus-visible:outline-none ${row.seq === selected?.seq ? 'bg-brand-50 dark:bg-brand-950' : 'hover:bg-zinc-50 focus-visible:bg-zinc-50 dark:hover:bg-zinc-800/50'}`}
              >
                <span className="flex items-center justify-between">
                  <span className="font-medium">Checkpoint {row.seq}</span>
                  <span className="font-mono text-xs tabular-nums">{formatBytes(row.byteSize)}</span>
                </span>
                <span className="mt-0.5 block text-xs text-zinc-500 dark:text-zinc-400">
                  step #{row.stepIndex} · kept for {row.retainedFor.replaceAll('_', ' ')} · <LocalTime iso={row.createdAt} />
                </span>
              </button>
            </li>
          ))}
        </ul>
        {checkpoints.hasNextPage ? (
          <div className="border-t border-zinc-200 p-2 text-center dark:border-zinc-800">
            <button type="button" className={buttonStyles.secondary} onClick={() => void checkpoints.fetchNextPage()}>
              Load more
            </button>
          </div>
        ) : null}
      </section>
      {selected ? <CheckpointDiff runId={runId} summary={selected} /> : null}
    </div>
  );
}
