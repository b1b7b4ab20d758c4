'use client';

import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { cardStyles } from '~/components/button-styles';
import { ErrorNotice } from '~/components/error-notice';
import { formatCount } from '~/components/format';
import { SkeletonRows } from '~/components/skeleton';
import { feedbackRefreshMs } from '~/features/feedback/hooks/use-run-feedback';
import { formatReward } from '~/features/feedback/feedback-text';
import { useTRPC } from '~/trpc/react';

/**
 * Feedback per version of the agent (ADR 0051's aggregate): entries, mean/min/max reward and how
 * often each label was given, newest version first. Scorer verdicts (on replay runs) are left out
 * unless asked for, so a version's human signal is not diluted by its regression suite.
 */
export function AgentFeedbackTab({ agentId }: { agentId: string }) {
  const trpc = useTRPC();
  const checkboxId = useId();
  const [includeScorers, setIncludeScorers] = useState(false);
  const aggregate = useQuery(trpc.feedback.aggregate.queryOptions({ agentId, includeScorers }, { refetchInterval: feedbackRefreshMs }));
  return (
    <section aria-labelledby="agent-feedback-heading" className={`${cardStyles} p-4`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="agent-feedback-heading" className="text-sm font-semibold">
          Feedback per version
        </h2>
        <label htmlFor={checkboxId} className="flex items-center gap-2 text-xs">
          <input id={checkboxId} type="checkbox" checked={includeScorers} onChange={(event) => setIncludeScorers(event.target.checked)} />
          Include scorer verdicts
        </label>
      </div>
      <div className="mt-3">
        {aggregate.error ? (
          <ErrorNotice title="Feedback could not be loaded" message={aggregate.error.message} />
        ) : !aggregate.data ? (
          <SkeletonRows label="Loading feedback" rows={3} />
        ) : aggregate.data.length === 0 ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">No feedback on this agent’s runs yet. Record some from a run’s page.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Feedback aggregated per agent version</caption>
              <thead className="text-xs text-zinc-600 dark:text-zinc-400">
                <tr>
                  <th scope="col" className="py-1 pr-4 font-medium">Version</th>
                  <th scope="col" className="py-1 pr-4 font-medium">Entries</th>
                  <th scope="col" className="py-1 pr-4 font-medium">Mean reward</th>
                  <th scope="col" className="py-1 pr-4 font-medium">Min / max</th>
                  <th scope="col" className="py-1 font-medium">Labels</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
                {aggregate.data.map((row) => (
                  <tr key={row.agentVersionId} data-version={row.version}>
                    <th scope="row" className="py-2 pr-4 font-medium">
                      v{row.version}
                    </th>
                    <td className="py-2 pr-4 tabular-nums">{formatCount(row.entries)}</td>
                    <td className="py-2 pr-4 tabular-nums">
                      {formatReward(row.meanReward)}
                      {row.rewardCount > 0 ? <span className="ml-1 text-xs text-zinc-600 dark:text-zinc-400">of {formatCount(row.rewardCount)}</span> : null}
                    </td>
                    <td className="py-2 pr-4 tabular-nums">
                      {formatReward(row.minReward)} / {formatReward(row.maxReward)}
                    </td>
                    <td className="py-2">
                      {Object.keys(row.labels).length === 0 ? (
                        <span className="text-xs text-zinc-600 dark:text-zinc-400">none</span>
                      ) : (
                        <ul aria-label={`Labels of version ${row.version}`} className="flex flex-wrap gap-1.5">
                          {Object.entries(row.labels)
                            .sort(([, left], [, right]) => right - left)
                            .map(([label, count]) => (
                              <li key={label} className="rounded bg-zinc-100 px-1.5 font-mono text-xs dark:bg-zinc-800">
                                {label} × {count}
                              </li>
                            ))}
                        </ul>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </section>
  );
}
