import type { Experiment } from '../types.ts';

/** What `agentloom eval run` decides and writes: the experiment, its optional baseline, and the verdict. */
export interface EvaluationReport {
  dataset: string;
  agentId: string;
  version: number;
  baselineVersion: number | null;
  experiment: Experiment;
  baseline: Experiment | null;
  /** Cases that regressed: failed here and passed on the baseline (without a baseline: every failed case). */
  regressions: number;
  /**
   * Cases an erase took from the experiment or its baseline while they ran (ADR 0104): above 0 the
   * verdict is on fewer cases than the dataset holds, so `--fail-on-regression` does not pass it.
   */
  erasedCases: number;
}

export function evaluationReport(experiment: Experiment, baseline: Experiment | null): EvaluationReport {
  const summary = experiment.summary;
  const regressions = baseline ? (summary?.regressions ?? 0) : (summary?.failed ?? 0);
  const erasedCases = experiment.erasedCases + (baseline?.erasedCases ?? 0);
  return { dataset: experiment.dataset, agentId: experiment.agentId, version: experiment.agentVersion, baselineVersion: baseline?.agentVersion ?? null, experiment, baseline, regressions, erasedCases };
}

/** The report as Markdown for a CI job summary or a pull request comment. */
export function evaluationMarkdown(report: EvaluationReport): string {
  const { experiment, baseline } = report;
  const summary = experiment.summary;
  const lines = [
    `# Evaluation: dataset \`${report.dataset}\` (v${experiment.datasetVersion}), agent version ${report.version}${report.baselineVersion === null ? '' : ` vs ${report.baselineVersion}`}`,
    '',
    `Model mode: ${experiment.modelMode}. Memory mode: ${experiment.memoryMode}. Experiment \`${experiment.id}\`${baseline ? `, baseline \`${baseline.id}\`` : ''}.`,
    '',
    `**${report.regressions === 0 ? 'No regressions' : `${report.regressions} regression(s)`}** — passed ${summary?.passed ?? 0}/${summary?.cases ?? 0}` +
      (summary?.baselinePassRate === null || summary?.baselinePassRate === undefined ? '' : ` (baseline pass rate ${percent(summary.baselinePassRate)})`) +
      `, ${summary?.casesDiverged ?? 0} case(s) diverged from the recording.`,
    '',
    ...(report.erasedCases > 0 ? [`**${report.erasedCases} case(s) erased while the experiment ran**: the verdict does not cover them.`, ''] : []),
    '| # | input | result | first divergent step | regression | why |',
    '|---|---|---|---|---|---|',
    ...experiment.results.map(
      (result) =>
        `| ${result.position} | ${cell(result.input)} | ${result.status} | ${result.firstDivergentStep ?? '—'} | ${result.regression ? 'yes' : ''} | ${cell(result.failureReason ?? '')} |`,
    ),
    '',
    '## Scores',
    '',
    ...experiment.results.flatMap((result) => [`- case ${result.position} (run \`${result.runId}\`):`, ...result.scores.map((score) => `  - ${score.scorer}: ${score.passed === null ? score.value : score.passed ? 'pass' : 'fail'} — ${score.explanation}`)]),
    '',
  ];
  return lines.join('\n');
}

function percent(value: number): string {
  return `${Math.round(value * 1000) / 10}%`;
}

function cell(text: string): string {
  const flat = text.replace(/\s+/g, ' ').replace(/\|/g, '\\|');
  return flat.length > 80 ? `${flat.slice(0, 80)}…` : flat;
}
