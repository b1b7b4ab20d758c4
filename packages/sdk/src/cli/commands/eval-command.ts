import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { evaluationMarkdown, evaluationReport, type EvaluationReport } from '../../evaluations/evaluation-report.ts';
import type { CreateExperimentInput, Experiment } from '../../types.ts';
import { printResult, UsageError, writeLine, type CommandContext } from '../cli-context.ts';
import { integerFlag } from '../parse-command-line.ts';

const usage =
  'Usage: agentloom eval run --dataset NAME --version N [--baseline M] [--fail-on-regression] [--agent SLUG|ID] [--mode recorded|live] [--memory recorded|live] [--report-dir DIR]';

/** Exit code of `eval run --fail-on-regression` when a case regressed (1, 2 and 3 keep their meanings: API error, usage error, run cancelled). */
export const regressionExitCode = 4;

/** Exit code of `eval run --fail-on-regression` when an erase took cases from the experiment or its baseline: no verdict on the whole dataset. */
export const erasedCasesExitCode = 5;

/** The exit code of `eval run`: with `--fail-on-regression`, a regression fails it, and so do erased cases (a pass on fewer cases is no pass). */
export function evalExitCode(report: Pick<EvaluationReport, 'regressions' | 'erasedCases'>, failOnRegression: boolean): number {
  if (!failOnRegression) return 0;
  if (report.regressions > 0) return regressionExitCode;
  return report.erasedCases > 0 ? erasedCasesExitCode : 0;
}

/**
 * `eval run`: replays a dataset against agent version N (and, with `--baseline M`, against M first,
 * as the baseline), waits for every case to be scored, writes `eval-report.json` and
 * `eval-report.md`, and with `--fail-on-regression` exits 4 when a case regressed (failed on N,
 * passed on M; without a baseline: failed on N), 5 when an erase took cases from either experiment.
 */
export async function evalCommand(context: CommandContext): Promise<number> {
  const { client, flags, output } = context;
  const [action, ...extra] = context.arguments;
  if (action !== 'run' || extra.length > 0 || !flags.dataset) throw new UsageError(usage);
  const version = integerFlag(flags.version, '--version');
  if (version === undefined) throw new UsageError(usage);
  const baselineVersion = integerFlag(flags.baseline, '--baseline');
  const modelMode = flags.mode ?? 'recorded';
  if (modelMode !== 'recorded' && modelMode !== 'live') throw new UsageError('--mode is recorded or live');
  // Memory reads: the recorded run's injections (default) or the tenant's memory now (`live`); a replay never writes memory.
  const memoryMode = flags.memory ?? 'recorded';
  if (memoryMode !== 'recorded' && memoryMode !== 'live') throw new UsageError('--memory is recorded or live');
  const agentId = flags.agent ? (await client.agents.resolve(flags.agent, { includeArchived: true })).id : await agentOfDataset(context, flags.dataset);
  const run = async (agentVersion: number, baselineExperimentId?: string): Promise<Experiment> => {
    const input: CreateExperimentInput = { dataset: flags.dataset!, agentId, agentVersion, modelMode, memoryMode, ...(baselineExperimentId ? { baselineExperimentId } : {}) };
    const created = await client.evaluations.createExperiment(input);
    writeLine(output.stderr, `Replaying ${flags.dataset} on version ${agentVersion} (${created.results.length} case(s), experiment ${created.id})`);
    return client.evaluations.waitForExperiment(created.id);
  };
  const baseline = baselineVersion === undefined ? null : await run(baselineVersion);
  const experiment = await run(version, baseline?.id);
  const report = evaluationReport(experiment, baseline);
  const directory = flags['report-dir'] ?? '.';
  await mkdir(directory, { recursive: true });
  await writeFile(path.join(directory, 'eval-report.json'), `${JSON.stringify(report, null, 2)}\n`);
  await writeFile(path.join(directory, 'eval-report.md'), evaluationMarkdown(report));
  printResult(context, report, () => {
    const summary = experiment.summary;
    writeLine(output.stdout, `Version ${version}: passed ${summary?.passed ?? 0}/${summary?.cases ?? 0}, ${report.regressions} regression(s); reports in ${directory}/eval-report.{json,md}`);
    if (report.erasedCases > 0) writeLine(output.stdout, `  ${report.erasedCases} case(s) erased while the experiment ran: the verdict does not cover them`);
    for (const result of experiment.results.filter((candidate) => candidate.status === 'failed'))
      writeLine(output.stdout, `  case ${result.position}${result.regression ? ' REGRESSION' : ''}: ${result.failureReason ?? 'failed'}${result.firstDivergentStep === null ? '' : ` (diverged at step ${result.firstDivergentStep})`}`);
  });
  return evalExitCode(report, flags['fail-on-regression'] === true);
}

/** The agent of the dataset's first recorded case (hand-written-only datasets need `--agent`). */
async function agentOfDataset(context: CommandContext, name: string): Promise<string> {
  const dataset = await context.client.evaluations.getDataset(name);
  const recorded = dataset.cases.find((testCase) => testCase.sourceRunId !== null);
  if (!recorded?.sourceRunId) throw new UsageError(`Dataset ${name} has no case recorded from a run; pass --agent`);
  return (await context.client.runs.get(recorded.sourceRunId)).agentId;
}
