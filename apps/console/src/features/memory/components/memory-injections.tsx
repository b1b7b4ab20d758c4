'use client';

import { useInfiniteQuery } from '@tanstack/react-query';
import type { Route } from 'next';
import Link from 'next/link';
import { buttonStyles } from '~/components/button-styles';
import { useLocalTimeFormat } from '~/components/local-time';
import { Skeleton } from '~/components/skeleton';
import { shortId } from '~/features/memory/short-id';
import { useTRPC } from '~/trpc/react';
import { scorePartsLine } from '~/features/memory/score-parts';

const sourceLabels: Record<string, string> = { auto_injection: 'injected', tool_result: 'memory_search', routing: 'routing' };

/** Every prompt this item reached: run, step, score and how it got there, newest first. */
export function MemoryInjections({ memoryItemId }: { memoryItemId: string }) {
  const trpc = useTRPC();
  // Tooltips too: an attribute the server rendered in its own zone is never corrected on hydration.
  const formatLocal = useLocalTimeFormat();
  const injections = useInfiniteQuery(
    trpc.memory.injections.infiniteQueryOptions({ memoryItemId, limit: 20 }, { getNextPageParam: (page) => page.nextCursor ?? undefined }),
  );
  if (injections.error) return <p className="text-sm text-red-700 dark:text-red-400">{injections.error.message}</p>;
  if (!injections.data) return <Skeleton className="h-10 w-full" />;
  const rows = injections.data.pages.flatMap((page) => page.injections);
  if (rows.length === 0) return <p className="text-sm text-zinc-500 dark:text-zinc-400">Not used by any run yet: no prompt has carried this memory.</p>;
  return (
    <div className="space-y-2">
      <table className="w-full text-sm" aria-label="Injections">
        <thead className="text-left text-xs text-zinc-500 dark:text-zinc-400">
          <tr>
            <th className="pb-1 font-medium">Run · step</th>
            <th className="pb-1 font-medium">How</th>
            <th className="pb-1 text-right font-medium">Score</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
          {rows.map((injection) => (
            <tr key={injection.id} data-injection-run={injection.runId}>
              <td className="py-1.5">
                <Link
                  // The step that read it, opened in the run's step panel; the messages tab when the step is not known.
                  href={(injection.stepIndex === null ? `/runs/${injection.runId}?tab=messages` : `/runs/${injection.runId}?step=${injection.stepIndex}`) as Route}
                  className="font-mono text-xs text-brand-600 hover:underline dark:text-brand-400"
                  title={formatLocal(injection.createdAt)}
                >
                  {shortId(injection.runId)}
                </Link>
                <span className="ml-1 text-xs text-zinc-500 dark:text-zinc-400">{injection.stepIndex === null ? '' : `step ${injection.stepIndex}`}</span>
              </td>
              <td className="py-1.5 text-xs text-zinc-600 dark:text-zinc-400">{sourceLabels[injection.source] ?? injection.source}</td>
              <td className="py-1.5 text-right font-mono text-xs tabular-nums" title={injection.scoreParts ? scorePartsLine(injection.scoreParts) : 'parts not recorded'}>
                {injection.score.toFixed(4)}
                {injection.scoreParts ? <span className="block text-zinc-500 dark:text-zinc-400">{scorePartsLine(injection.scoreParts)}</span> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {injections.hasNextPage ? (
        <button type="button" className={buttonStyles.secondary} disabled={injections.isFetchingNextPage} onClick={() => void injections.fetchNextPage()}>
          {injections.isFetchingNextPage ? 'Loading…' : 'Load more'}
        </button>
      ) : null}
    </div>
  );
}
