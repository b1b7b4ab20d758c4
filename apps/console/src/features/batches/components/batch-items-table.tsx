'use client';

import type { RunStatus } from '@agentloom/platform';
import { useQuery } from '@tanstack/react-query';
import type { Route } from 'next';
import Link from 'next/link';
import { useState } from 'react';
import { buttonStyles, cardStyles } from '~/components/button-styles';
import { ErrorNotice } from '~/components/error-notice';
import { SkeletonRows } from '~/components/skeleton';
import { RunStatusBadge } from '~/features/runs/components/run-status-badge';
import { useTRPC } from '~/trpc/react';

const pageSize = 50;
const excerptLength = 160;
const headerCell = 'px-3 py-2 font-medium';

function excerpt(text: string | null): string {
  if (text === null) return '';
  return text.length > excerptLength ? `${text.slice(0, excerptLength)}…` : text;
}

/**
 * The batch's items in index order with their current run: status, a link to the run, the input,
 * and the output excerpt or the error. Paged by item index (`after`), as the API pages.
 */
export function BatchItemsTable({ batchId }: { batchId: string }) {
  const trpc = useTRPC();
  // The `after` of every page seen so far: going back pops one.
  const [cursors, setCursors] = useState<number[]>([-1]);
  const after = cursors.at(-1) ?? -1;
  const items = useQuery(trpc.batches.items.queryOptions({ batchId, after, limit: pageSize }));
  const page = items.data;
  const first = (page?.items[0]?.item ?? 0) + 1;
  const last = (page?.items.at(-1)?.item ?? 0) + 1;

  return (
    <section aria-label="Items" className={cardStyles}>
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-zinc-200 px-4 py-3 dark:border-zinc-800">
        <h2 className="text-sm font-semibold">Items{page && page.items.length > 0 ? ` ${first}–${last}` : ''}</h2>
        <div className="flex gap-2">
          <button type="button" className={buttonStyles.secondary} disabled={cursors.length === 1} onClick={() => setCursors((current) => current.slice(0, -1))}>
            Previous items
          </button>
          <button
            type="button"
            className={buttonStyles.secondary}
            disabled={!page || page.nextAfter === null}
            onClick={() => page?.nextAfter !== null && page?.nextAfter !== undefined && setCursors((current) => [...current, page.nextAfter as number])}
          >
            Next items
          </button>
        </div>
      </div>
      {items.error ? (
        <div className="p-4">
          <ErrorNotice title="The items could not be loaded" message={items.error.message} />
        </div>
      ) : !page ? (
        <SkeletonRows label="Loading items" />
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <thead className="bg-zinc-50 text-left text-xs text-zinc-600 dark:bg-zinc-900/80 dark:text-zinc-300">
              <tr>
                <th scope="col" className={`${headerCell} text-right`}>
                  #
                </th>
                <th scope="col" className={headerCell}>
                  Status
                </th>
                <th scope="col" className={headerCell}>
                  Run
                </th>
                <th scope="col" className={headerCell}>
                  Input
                </th>
                <th scope="col" className={headerCell}>
                  Output or error
                </th>
                <th scope="col" className={`${headerCell} text-right`}>
                  Attempts
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
              {page.items.map((item) => (
                <tr key={item.item} data-item={item.item}>
                  <td className="px-3 py-2 text-right align-top tabular-nums">{item.item + 1}</td>
                  <td className="px-3 py-2 align-top">
                    <RunStatusBadge status={item.status as RunStatus} />
                  </td>
                  <td className="px-3 py-2 align-top">
                    {/* The name on the link itself: an sr-only span inside an inline link made its first
                        client box a zero-width fragment, so a click aimed there landed on the cell. */}
                    <Link
                      href={`/runs/${item.runId}` as Route}
                      aria-label={`Run of item ${item.item + 1}: ${item.runId.slice(0, 8)}`}
                      className="inline-block font-mono text-brand-700 hover:underline dark:text-brand-300"
                    >
                      {item.runId.slice(0, 8)}
                    </Link>
                  </td>
                  <td className="max-w-xs px-3 py-2 align-top break-words">{excerpt(item.input)}</td>
                  <td className="max-w-md px-3 py-2 align-top break-words">
                    {item.errorMessage ? (
                      <span className="text-red-700 dark:text-red-400">
                        {item.errorKind ? <span className="font-mono">{item.errorKind}: </span> : null}
                        {excerpt(item.errorMessage)}
                      </span>
                    ) : (
                      excerpt(item.output)
                    )}
                  </td>
                  <td className="px-3 py-2 text-right align-top tabular-nums">{item.attempts}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
