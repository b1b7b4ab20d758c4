'use client';

import { useQuery } from '@tanstack/react-query';
import type { Route } from 'next';
import Link from 'next/link';
import { cardStyles } from '~/components/button-styles';
import { CallToAction } from '~/components/call-to-action';
import { ErrorNotice } from '~/components/error-notice';
import { formatCount } from '~/components/format';
import { DatasetsIcon } from '~/components/icons';
import { LocalTime } from '~/components/local-time';
import { PageHeader } from '~/components/page-header';
import { SkeletonRows } from '~/components/skeleton';
import { useCanOperate } from '~/features/session/principal-context';
import { useTRPC } from '~/trpc/react';
import { NewDatasetForm } from './new-dataset-form';

const description =
  'Recorded runs as test cases. Replay a dataset against an agent version — recorded tool results and model replies as fixtures — and compare it with a baseline before you ship.';

/** Datasets: the create form (operators) and the tenant's datasets by name. */
export function DatasetsPage() {
  const trpc = useTRPC();
  const canOperate = useCanOperate();
  const datasets = useQuery(trpc.datasets.list.queryOptions());
  const list = datasets.data ?? [];
  return (
    <>
      <PageHeader title="Datasets" description={description} />
      <div className="mt-6 space-y-6">
        {canOperate ? <NewDatasetForm /> : null}
        {datasets.error ? (
          <ErrorNotice title="The datasets could not be loaded" message={datasets.error.message} />
        ) : datasets.isPending ? (
          <div className={cardStyles}>
            <SkeletonRows label="Loading datasets" />
          </div>
        ) : list.length === 0 ? (
          <CallToAction icon={<DatasetsIcon />} title="No datasets yet">
            {canOperate
              ? 'Create one above, or select finished runs in the runs list and choose “Add to dataset”.'
              : 'An operator can create datasets from runs.'}
          </CallToAction>
        ) : (
          <section aria-label="Datasets" className={`${cardStyles} overflow-x-auto`}>
            <table className="w-full text-sm">
              <thead className="bg-zinc-50 text-left text-xs text-zinc-600 dark:bg-zinc-900/80 dark:text-zinc-300">
                <tr>
                  <th scope="col" className="px-4 py-2 font-medium">
                    Name
                  </th>
                  <th scope="col" className="px-4 py-2 text-right font-medium">
                    Cases
                  </th>
                  <th scope="col" className="px-4 py-2 text-right font-medium">
                    Version
                  </th>
                  <th scope="col" className="hidden px-4 py-2 font-medium sm:table-cell">
                    Unmatched call
                  </th>
                  <th scope="col" className="hidden px-4 py-2 font-medium md:table-cell">
                    Created
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
                {list.map((dataset) => (
                  <tr key={dataset.id}>
                    <td className="max-w-0 px-4 py-2.5">
                      <Link
                        href={`/datasets/${encodeURIComponent(dataset.name)}` as Route}
                        className="font-mono font-medium text-brand-700 hover:underline dark:text-brand-300"
                      >
                        {dataset.name}
                      </Link>
                      {dataset.description ? <span className="block truncate text-xs text-zinc-600 dark:text-zinc-300">{dataset.description}</span> : null}
                    </td>
                    <td className="px-4 py-2.5 text-right tabular-nums">{formatCount(dataset.caseCount)}</td>
                    <td className="px-4 py-2.5 text-right tabular-nums">v{dataset.version}</td>
                    <td className="hidden px-4 py-2.5 sm:table-cell">
                      {dataset.unmatchedToolPolicy === 'fail' ? 'fails the case' : 'live if no side effects'}
                    </td>
                    <td className="hidden px-4 py-2.5 text-zinc-600 md:table-cell dark:text-zinc-300"><LocalTime iso={dataset.createdAt} /></td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )}
      </div>
    </>
  );
}
