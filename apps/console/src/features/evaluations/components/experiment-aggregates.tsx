import type { ExperimentSummary } from '@agentloom/platform';
import { cardStyles } from '~/components/button-styles';
import { formatPercent, formatSigned } from '../experiment-format';

/** The experiment's aggregates, written once its last case is scored. */
export function ExperimentAggregates({ summary, hasBaseline }: { summary: ExperimentSummary; hasBaseline: boolean }) {
  const mean = summary.meanDeltaVsRecorded;
  return (
    <section aria-label="Aggregates" className={`${cardStyles} p-4 text-sm`}>
      <h2 className="text-sm font-semibold">Aggregates</h2>
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6" data-testid="experiment-aggregates">
        <Figure label="Passed" value={`${summary.passed} / ${summary.cases} (${formatPercent(summary.passRate)})`} />
        <Figure label="Baseline passed" value={summary.baselinePassRate === null ? '—' : formatPercent(summary.baselinePassRate)} />
        <Figure label="Regressions" value={hasBaseline ? String(summary.regressions) : 'no baseline'} alarm={summary.regressions > 0} />
        <Figure label="Improvements" value={hasBaseline ? String(summary.improvements) : 'no baseline'} />
        <Figure label="Diverged from the recording" value={`${summary.casesDiverged} of ${summary.cases}`} />
        <Figure label="Mean Δ steps · tokens vs recorded" value={`${formatSigned(mean.steps, 1)} · ${formatSigned(mean.tokens, 0)}`} />
      </dl>
    </section>
  );
}

function Figure({ label, value, alarm = false }: { label: string; value: string; alarm?: boolean }) {
  return (
    <div>
      <dt className="text-xs text-zinc-600 dark:text-zinc-300">{label}</dt>
      <dd className={`font-medium tabular-nums ${alarm ? 'text-red-700 dark:text-red-400' : ''}`}>{value}</dd>
    </div>
  );
}
