'use client';

import { useQuery } from '@tanstack/react-query';
import type { Route } from 'next';
import Link from 'next/link';
import { useState } from 'react';
import { buttonStyles, cardStyles } from '~/components/button-styles';
import { ErrorNotice } from '~/components/error-notice';
import { SkeletonRows } from '~/components/skeleton';
import { canonicalJsonLines, diffLines, foldUnchanged, type DiffRow } from '~/features/agents/line-diff';
import { diffJson } from '~/features/runs/components/run-page/json-diff';
import { useTRPC } from '~/trpc/react';

const rowLook: Record<DiffRow['kind'], { left: string; right: string }> = {
  same: { left: '', right: '' },
  removed: { left: 'bg-red-50 dark:bg-red-950/40', right: 'bg-zinc-50 dark:bg-zinc-900' },
  added: { left: 'bg-zinc-50 dark:bg-zinc-900', right: 'bg-emerald-50 dark:bg-emerald-950/40' },
  changed: { left: 'bg-red-50 dark:bg-red-950/40', right: 'bg-emerald-50 dark:bg-emerald-950/40' },
};

/** Two versions' effective configs, side by side, keys sorted so only real changes show. */
export function VersionDiff({ agentId, from, to }: { agentId: string; from: number; to: number }) {
  const trpc = useTRPC();
  const [showAll, setShowAll] = useState(false);
  const left = useQuery(trpc.agents.version.queryOptions({ agentId, version: from }));
  const right = useQuery(trpc.agents.version.queryOptions({ agentId, version: to }));
  const failure = left.error ?? right.error;
  if (failure) return <ErrorNotice title="The versions could not be compared" message={failure.message} />;
  if (!left.data || !right.data) {
    return (
      <div className={cardStyles}>
        <SkeletonRows label="Loading the diff" rows={8} />
      </div>
    );
  }
  const rows = diffLines(canonicalJsonLines(left.data.config), canonicalJsonLines(right.data.config));
  const shown = showAll ? rows : foldUnchanged(rows);
  const changedPaths = diffJson(left.data.config, right.data.config).map((change) => change.path);
  return (
    <section aria-label={`Diff of version ${from} and version ${to}`} className={`${cardStyles} overflow-hidden`}>
      <p className="border-b border-zinc-200 px-4 py-2 text-sm dark:border-zinc-800" data-testid="diff-summary">
        {changedPaths.length === 0 ? 'The two versions have the same configuration.' : `Changed: ${changedPaths.join(', ')}`}
        <button type="button" className={`${buttonStyles.ghost} ml-2`} onClick={() => setShowAll(!showAll)}>
          {showAll ? 'Fold unchanged lines' : 'Show all lines'}
        </button>
        <Link href={`/runs/compare?agentId=${agentId}` as Route} className={`${buttonStyles.ghost} ml-2`}>
          Compare runs of these versions
        </Link>
      </p>
      <div className="grid grid-cols-2 border-b border-zinc-200 bg-zinc-50 text-xs font-medium text-zinc-500 dark:text-zinc-400 dark:border-zinc-800 dark:bg-zinc-900/80">
        <span className="px-4 py-1.5">Version {from}</span>
        <span className="border-l border-zinc-200 px-4 py-1.5 dark:border-zinc-800">Version {to}</span>
      </div>
      <div className="max-h-[36rem] overflow-auto font-mono text-xs">
        {shown.map((row, index) =>
          row.kind === 'fold' ? (
            <div key={index} className="bg-zinc-50 px-4 py-1 text-center text-zinc-500 dark:text-zinc-400 dark:bg-zinc-900/60">
              ⋯ {row.count} unchanged {row.count === 1 ? 'line' : 'lines'}
            </div>
          ) : (
            <div key={index} className="grid grid-cols-2" data-diff-kind={row.kind}>
              <DiffCell line={row.left} look={rowLook[row.kind].left} marker={row.kind === 'removed' || row.kind === 'changed' ? '−' : ''} />
              <DiffCell
                line={row.right}
                look={`border-l border-zinc-200 dark:border-zinc-800 ${rowLook[row.kind].right}`}
                marker={row.kind === 'added' || row.kind === 'changed' ? '+' : ''}
              />
            </div>
          ),
        )}
      </div>
    </section>
  );
}

function DiffCell({ line, look, marker }: { line: { number: number; text: string } | null; look: string; marker: string }) {
  return (
    <div className={`flex min-w-0 ${look}`}>
      <span className="w-10 shrink-0 pr-2 text-right text-zinc-500 dark:text-zinc-400 select-none">{line?.number ?? ''}</span>
      <span className="w-3 shrink-0 text-zinc-500 dark:text-zinc-400 select-none">{line ? marker : ''}</span>
      <span className="min-w-0 break-all whitespace-pre-wrap">{line?.text ?? ''}</span>
    </div>
  );
}
