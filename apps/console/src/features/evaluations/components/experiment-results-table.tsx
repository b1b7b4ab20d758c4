'use client';

import type { ExperimentResultView, ExperimentView } from '@agentloom/platform';
import type { Route } from 'next';
import Link from 'next/link';
import { useState } from 'react';
import { cardStyles } from '~/components/button-styles';
import { formatSigned } from '../experiment-format';
import { ResultScores } from './result-scores';

const regressionRow = 'bg-red-50 dark:bg-red-950/30';

/** `vsBaseline` of a result's deltas: per-scorer value differences and the baseline's verdict. */
interface BaselineDelta {
  baselineStatus: string;
  metrics: { steps: number; tokens: number } | null;
  scores: Record<string, number>;
}

/**
 * Per case: verdict, each scorer's pass/fail with its explanation, score deltas against the
 * baseline, the first divergent step, and links to the replay run and to the run-compare view of
 * the baseline's (else the recorded) run against the replay, opened at the divergent step.
 */
export function ExperimentResultsTable({ experiment, baseline }: { experiment: ExperimentView; baseline: ExperimentView | null }) {
  const [onlyFailed, setOnlyFailed] = useState(false);
  const baselineRuns = new Map((baseline?.results ?? []).map((result) => [result.caseId, result.runId]));
  const rows = onlyFailed ? experiment.results.filter((result) => result.status === 'failed') : experiment.results;
  return (
    <section aria-labelledby="results-heading" className={`${cardStyles} overflow-hidden`}>
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-zinc-200 px-4 py-2 dark:border-zinc-800">
        <h2 id="results-heading" className="text-sm font-semibold">
          Results per case
        </h2>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={onlyFailed} onChange={(event) => setOnlyFailed(event.target.checked)} /> Only failed cases
        </label>
      </div>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[44rem] text-sm">
          <thead className="text-left text-xs text-zinc-600 dark:text-zinc-300">
            <tr>
              <th scope="col" className="px-4 py-2 font-medium">
                Case
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                Verdict
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                Scores
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                vs baseline
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                First divergence
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                Runs
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-100 align-top dark:divide-zinc-800">
            {rows.map((result) => (
              <ResultRow
                key={result.caseId}
                result={result}
                leftRunId={baselineRuns.get(result.caseId) ?? result.sourceRunId}
                leftIsBaseline={baselineRuns.has(result.caseId)}
              />
            ))}
          </tbody>
        </table>
        {rows.length === 0 ? <p className="px-4 py-3 text-sm text-zinc-600 dark:text-zinc-300">No failed case.</p> : null}
      </div>
    </section>
  );
}

function ResultRow({ result, leftRunId, leftIsBaseline }: { result: ExperimentResultView; leftRunId: string | null; leftIsBaseline: boolean }) {
  const vsBaseline = (result.deltas as { vsBaseline?: BaselineDelta | null }).vsBaseline ?? null;
  const compareHref = leftRunId
    ? (`/runs/compare?left=${leftRunId}&right=${result.runId}${result.firstDivergentStep !== null ? `&step=${result.firstDivergentStep}` : ''}` as Route)
    : null;
  return (
    <tr
      aria-label={`Case ${result.position}`}
      data-case-position={result.position}
      data-status={result.status}
      data-regression={result.regression}
      className={result.regression ? regressionRow : ''}
    >
      <td className="max-w-56 px-4 py-2">
        <span className="font-semibold tabular-nums">#{result.position}</span>
        <span className="block truncate text-xs text-zinc-600 dark:text-zinc-300" title={result.input}>
          {result.input}
        </span>
      </td>
      <td className="px-4 py-2 whitespace-nowrap">
        <Verdict result={result} />
      </td>
      <td className="max-w-80 px-4 py-2">
        {result.status === 'running' ? (
          <span className="text-zinc-600 dark:text-zinc-300">replaying…</span>
        ) : (
          <ResultScores scores={result.scores} failureReason={result.failureReason} />
        )}
      </td>
      <td className="px-4 py-2 text-xs whitespace-nowrap">
        {vsBaseline ? (
          <ul>
            <li>baseline {vsBaseline.baselineStatus}</li>
            {Object.entries(vsBaseline.scores).map(([scorer, delta]) => (
              <li key={scorer} className={delta < 0 ? 'font-semibold text-red-700 dark:text-red-400' : ''}>
                {scorer} {formatSigned(delta, 2)}
              </li>
            ))}
            {vsBaseline.metrics ? (
              <li>
                steps {formatSigned(vsBaseline.metrics.steps)} · tokens {formatSigned(vsBaseline.metrics.tokens)}
              </li>
            ) : null}
          </ul>
        ) : (
          <span className="text-zinc-600 dark:text-zinc-300">—</span>
        )}
      </td>
      <td className="px-4 py-2 whitespace-nowrap">
        {result.firstDivergentStep !== null ? (
          <span data-testid="first-divergent-step">
            step {result.firstDivergentStep}
            {result.firstDivergentCall !== null ? (
              <span className="block text-xs text-zinc-600 dark:text-zinc-300">tool call {result.firstDivergentCall + 1}</span>
            ) : null}
          </span>
        ) : result.status === 'running' ? (
          '…'
        ) : (
          <span className="text-zinc-600 dark:text-zinc-300">none</span>
        )}
      </td>
      <td className="px-4 py-2 whitespace-nowrap">
        <Link href={`/runs/${result.runId}` as Route} className="block text-brand-700 hover:underline dark:text-brand-300">
          Replay run
        </Link>
        {compareHref ? (
          <Link
            href={compareHref}
            className="block text-brand-700 hover:underline dark:text-brand-300"
            aria-label={`Compare case ${result.position} with the ${leftIsBaseline ? 'baseline' : 'recorded'} run`}
          >
            Compare with {leftIsBaseline ? 'baseline' : 'recording'}
          </Link>
        ) : null}
      </td>
    </tr>
  );
}

function Verdict({ result }: { result: ExperimentResultView }) {
  if (result.status === 'running') return <span className="text-zinc-600 dark:text-zinc-300">running</span>;
  return (
    <span className="flex flex-col gap-1">
      <span className={result.status === 'passed' ? 'font-medium text-emerald-700 dark:text-emerald-400' : 'font-medium text-red-700 dark:text-red-400'}>
        {result.status}
      </span>
      {result.regression ? <span className="w-fit rounded-full bg-red-600 px-2 py-0.5 text-xs font-semibold text-white">regression</span> : null}
    </span>
  );
}
