'use client';

import { useQuery } from '@tanstack/react-query';
import type { Route } from 'next';
import Link from 'next/link';
import { cardStyles } from '~/components/button-styles';
import { CallToAction } from '~/components/call-to-action';
import { ErrorNotice } from '~/components/error-notice';
import { BatchesIcon } from '~/components/icons';
import { LocalTime } from '~/components/local-time';
import { PageHeader } from '~/components/page-header';
import { SkeletonRows } from '~/components/skeleton';
import { useAgentNames } from '~/features/agents/hooks/use-agent-names';
import { useCanOperate } from '~/features/session/principal-context';
import { useTRPC } from '~/trpc/react';
import { BatchProgressBar } from './batch-progress-bar';
import { BatchStatusBadge } from './batch-status-badge';
import { NewBatchForm } from './new-batch-form';

const description =
  'Many inputs of one agent version run as a batch, at most its concurrency cap at once, beside interactive runs. Progress updates live; open a batch for its items, results, cancel, retry of failed items and export.';

const headerCell = 'px-4 py-2 font-medium';

/** Batches: the submit form (operators) and the tenant's batches, newest first, with live progress. */
export function BatchesPage() {
  const trpc = useTRPC();
  const canOperate = useCanOperate();
  const agentNames = useAgentNames();
  const batches = useQuery(trpc.batches.list.queryOptions({}));
  const list = batches.data?.batches ?? [];
  return (
    <>
      <PageHeader title="Batches" description={description} />
      <div className="mt-6 space-y-6">
        {canOperate ? <NewBatchForm /> : null}
        {batches.error ? (
          <ErrorNotice title="The batches could not be loaded" message={batches.error.message} />
        ) : batches.isPending ? (
          <div className={cardStyles}>
            <SkeletonRows label="Loading batches" />
          </div>
        ) : list.length === 0 ? (
          <CallToAction icon={<BatchesIcon />} title="No batches yet">
            {canOperate ? 'Submit one above: pick an agent, upload or paste JSONL (one input a line).' : 'An operator can submit batches.'}
          </CallToAction>
        ) : (
          <section aria-label="Batches" className={`${cardStyles} overflow-x-auto`}>
            <table className="w-full text-sm">
              <thead className="bg-zinc-50 text-left text-xs text-zinc-600 dark:bg-zinc-900/80 dark:text-zinc-300">
                <tr>
                  <th scope="col" className={headerCell}>
                    Batch
                  </th>
                  <th scope="col" className={headerCell}>
                    Status
                  </th>
                  <th scope="col" className={`${headerCell} w-2/5`}>
                    Progress
                  </th>
                  <th scope="col" className={`${headerCell} text-right`}>
                    Cap
                  </th>
                  <th scope="col" className={`${headerCell} hidden md:table-cell`}>
                    Created
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
                {list.map((batch) => {
                  const title = batch.name || `Batch ${batch.id.slice(0, 8)}`;
                  return (
                    <tr key={batch.id} data-batch-id={batch.id}>
                      <td className="px-4 py-3 align-top">
                        <Link href={`/batches/${batch.id}` as Route} className="font-medium text-brand-700 hover:underline dark:text-brand-300">
                          {title}
                        </Link>
                        <span className="block text-xs text-zinc-600 dark:text-zinc-300">
                          {agentNames.get(batch.agentId) ?? 'Agent'} v{batch.agentVersion}
                        </span>
                      </td>
                      <td className="px-4 py-3 align-top">
                        <BatchStatusBadge status={batch.status} />
                      </td>
                      <td className="px-4 py-3 align-top">
                        <BatchProgressBar progress={batch.progress} label={`Progress of ${title}`} />
                      </td>
                      <td className="px-4 py-3 text-right align-top tabular-nums">{batch.concurrency}</td>
                      <td className="hidden px-4 py-3 align-top text-zinc-600 md:table-cell dark:text-zinc-300">
                        <LocalTime iso={batch.createdAt} />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </section>
        )}
      </div>
    </>
  );
}
