'use client';

import { useQuery } from '@tanstack/react-query';
import type { Route } from 'next';
import Link from 'next/link';
import { cardStyles } from '~/components/button-styles';
import { ErrorNotice } from '~/components/error-notice';
import { LocalTime } from '~/components/local-time';
import { SkeletonRows } from '~/components/skeleton';
import { useAgentNames } from '~/features/agents/hooks/use-agent-names';
import { useTRPC } from '~/trpc/react';
import { BatchActions } from './batch-actions';
import { BatchItemsTable } from './batch-items-table';
import { BatchProgressBar } from './batch-progress-bar';
import { BatchStatusBadge } from './batch-status-badge';

/** One batch: live progress (the tenant activity stream refreshes it), actions, and its items. */
export function BatchPage({ batchId }: { batchId: string }) {
  const trpc = useTRPC();
  const agentNames = useAgentNames();
  const batch = useQuery(trpc.batches.get.queryOptions({ batchId }));
  const view = batch.data;
  const title = view ? view.name || `Batch ${view.id.slice(0, 8)}` : 'Batch';

  return (
    <div className="space-y-6">
      <header className="border-b border-zinc-200 pb-6 dark:border-zinc-800">
        <nav aria-label="Breadcrumb" className="text-sm">
          <Link href="/batches" className="text-brand-700 hover:underline dark:text-brand-300">
            Batches
          </Link>
        </nav>
        <h1 className="mt-1 flex flex-wrap items-center gap-2 text-2xl font-semibold tracking-tight">
          {title} {view ? <BatchStatusBadge status={view.status} /> : null}
        </h1>
        {view ? (
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-300">
            <Link href={`/agents/${view.agentId}` as Route} className="text-brand-700 underline underline-offset-2 dark:text-brand-300">
              {agentNames.get(view.agentId) ?? 'Agent'}
            </Link>{' '}
            v{view.agentVersion} · at most {view.concurrency} running at once · submitted <LocalTime iso={view.createdAt} />
            {view.createdBy ? ` by ${view.createdBy}` : ''}
          </p>
        ) : null}
      </header>
      {batch.error ? (
        <ErrorNotice title="The batch could not be loaded" message={batch.error.message} />
      ) : !view ? (
        <div className={cardStyles}>
          <SkeletonRows label="Loading the batch" rows={4} />
        </div>
      ) : (
        <>
          <section aria-label="Progress" className={`${cardStyles} space-y-4 p-4`}>
            <BatchProgressBar progress={view.progress} label={`Progress of ${title}`} />
            <BatchActions batch={view} />
          </section>
          <BatchItemsTable batchId={batchId} />
        </>
      )}
    </div>
  );
}
