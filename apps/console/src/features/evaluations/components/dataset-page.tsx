'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { cardStyles } from '~/components/button-styles';
import { ErrorNotice } from '~/components/error-notice';
import { SkeletonRows } from '~/components/skeleton';
import { useCanOperate } from '~/features/session/principal-context';
import { useTRPC } from '~/trpc/react';
import { CasesTable } from './cases-table';
import { DatasetExperiments } from './dataset-experiments';
import { StartExperimentForm } from './start-experiment-form';

/** One dataset: its version, the experiments that replayed it (and a form to start one), and its cases. */
export function DatasetPage({ name }: { name: string }) {
  const trpc = useTRPC();
  const canOperate = useCanOperate();
  const dataset = useQuery(trpc.datasets.get.queryOptions({ name }));
  const experiments = useQuery(trpc.datasets.experiments.queryOptions({ name }));

  return (
    <div className="space-y-6">
      <header className="border-b border-zinc-200 pb-6 dark:border-zinc-800">
        <nav aria-label="Breadcrumb" className="text-sm">
          <Link href="/datasets" className="text-brand-700 hover:underline dark:text-brand-300">
            Datasets
          </Link>
        </nav>
        <h1 className="mt-1 font-mono text-2xl font-semibold tracking-tight break-all">{name}</h1>
        {dataset.data ? (
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-300" data-testid="dataset-facts">
            Version {dataset.data.version} · {dataset.data.caseCount} {dataset.data.caseCount === 1 ? 'case' : 'cases'} · unmatched tool calls{' '}
            {dataset.data.unmatchedToolPolicy === 'fail' ? 'fail the case' : 'run live only for tools without side effects'}
            {dataset.data.description ? ` · ${dataset.data.description}` : ''}
          </p>
        ) : null}
      </header>
      {dataset.error ? (
        <ErrorNotice title="The dataset could not be loaded" message={dataset.error.message} />
      ) : !dataset.data ? (
        <div className={cardStyles}>
          <SkeletonRows label="Loading the dataset" rows={6} />
        </div>
      ) : (
        <>
          {canOperate && dataset.data.caseCount > 0 ? <StartExperimentForm dataset={dataset.data.name} experiments={experiments.data ?? []} /> : null}
          <DatasetExperiments name={name} experiments={experiments} datasetVersion={dataset.data.version} />
          <CasesTable dataset={dataset.data} />
        </>
      )}
    </div>
  );
}
