'use client';

import type { ExperimentListItem } from '@agentloom/platform';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Route } from 'next';
import Link from 'next/link';
import { cardStyles } from '~/components/button-styles';
import { ErrorNotice } from '~/components/error-notice';
import { LocalTime } from '~/components/local-time';
import { SkeletonRows } from '~/components/skeleton';
import { useAgentNames } from '~/features/agents/hooks/use-agent-names';
import { formatPercent } from '../experiment-format';

/** The experiments that replayed the dataset, newest first: version, progress, pass rate, regressions. */
export function DatasetExperiments({
  name,
  experiments,
  datasetVersion,
}: {
  name: string;
  experiments: UseQueryResult<ExperimentListItem[], { message: string }>;
  datasetVersion: number;
}) {
  const agentNames = useAgentNames();
  const list = experiments.data ?? [];
  return (
    <section aria-labelledby="experiments-heading" className={`${cardStyles} overflow-x-auto`}>
      <h2 id="experiments-heading" className="border-b border-zinc-200 px-4 py-2 text-sm font-semibold dark:border-zinc-800">
        Experiments
      </h2>
      {experiments.error ? (
        <div className="p-4">
          <ErrorNotice title="The experiments could not be loaded" message={experiments.error.message} />
        </div>
      ) : experiments.isPending ? (
        <SkeletonRows label="Loading experiments" rows={3} />
      ) : list.length === 0 ? (
        <p className="px-4 py-3 text-sm text-zinc-600 dark:text-zinc-300">No experiment has replayed this dataset yet.</p>
      ) : (
        <table className="w-full text-sm">
          <thead className="text-left text-xs text-zinc-600 dark:text-zinc-300">
            <tr>
              <th scope="col" className="px-4 py-2 font-medium">
                Agent version
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                Status
              </th>
              <th scope="col" className="px-4 py-2 text-right font-medium">
                Passed
              </th>
              <th scope="col" className="px-4 py-2 text-right font-medium">
                Regressions
              </th>
              <th scope="col" className="hidden px-4 py-2 font-medium md:table-cell">
                Dataset · mode
              </th>
              <th scope="col" className="hidden px-4 py-2 font-medium lg:table-cell">
                Started
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
            {list.map((experiment) => (
              <tr key={experiment.id} data-experiment-id={experiment.id}>
                <td className="px-4 py-2">
                  <Link
                    href={`/datasets/${encodeURIComponent(name)}/experiments/${experiment.id}` as Route}
                    className="font-medium text-brand-700 hover:underline dark:text-brand-300"
                  >
                    {agentNames.get(experiment.agentId) ?? 'Agent'} v{experiment.agentVersion}
                  </Link>
                  <span className="block font-mono text-xs text-zinc-600 dark:text-zinc-300">{experiment.id.slice(0, 8)}</span>
                </td>
                <td className="px-4 py-2">
                  {experiment.status === 'completed' ? 'completed' : `running · ${experiment.scored} of ${experiment.cases} scored`}
                </td>
                <td className="px-4 py-2 text-right tabular-nums">
                  {experiment.summary ? `${experiment.summary.passed} / ${experiment.summary.cases} (${formatPercent(experiment.summary.passRate)})` : '—'}
                </td>
                <td className="px-4 py-2 text-right tabular-nums">
                  {experiment.baselineExperimentId === null ? (
                    <span className="text-zinc-600 dark:text-zinc-300">no baseline</span>
                  ) : experiment.summary ? (
                    <span className={experiment.summary.regressions > 0 ? 'font-semibold text-red-700 dark:text-red-400' : ''}>
                      {experiment.summary.regressions}
                    </span>
                  ) : (
                    '—'
                  )}
                </td>
                <td className="hidden px-4 py-2 md:table-cell">
                  v{experiment.datasetVersion}
                  {experiment.datasetVersion !== datasetVersion ? (
                    <span className="text-zinc-600 dark:text-zinc-300"> (now v{datasetVersion})</span>
                  ) : null} · {experiment.modelMode}
                  {experiment.memoryMode === 'live' ? ' · live memory' : null}
                </td>
                <td className="hidden px-4 py-2 text-zinc-600 lg:table-cell dark:text-zinc-300"><LocalTime iso={experiment.createdAt} /></td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
