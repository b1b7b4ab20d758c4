import type { Prisma, StatementRunner } from '@agentloom/db';

import type { CaseFixture } from './case-fixture';
import type { MemoryMode, Scorer } from './evaluation.schema';
import type { CaseScore } from './scoring/output-scorers';
import { scoreReplay, type RunMetrics } from './scoring/score-replay';
import { storeScoredResult } from './store-scored-result';

/** Which result is scored: the experiment (and its baseline), the result row, its replay run and case. */
export interface CaseToScore {
  tenantId: string;
  experimentId: string;
  baselineExperimentId: string | null;
  resultId: string;
  runId: string;
  caseId: string;
  /** The experiment's memory mode: in `live` mode the memory scorers judge what the run itself read. */
  memoryMode: MemoryMode;
}

/**
 * Scores one finished replay and stores the verdict, inside the caller's transaction: the scores,
 * the deltas (against the recording and the baseline), the first divergence, the regression flag and
 * the scorer's feedback on the replay run. Guarded on `status = 'running'`, so whoever comes first —
 * the executor in the run's last commit or a reader of the experiment — stores it, exactly once.
 * Returns false, having stored nothing, when the baseline's replay of this case is not scored yet
 * (a regression is never judged against a verdict not known yet) or another writer came first.
 */
export async function storeCaseScore(
  transaction: Prisma.TransactionClient,
  target: CaseToScore,
  fixture: CaseFixture,
  scorers: readonly Scorer[],
  outside: ReadonlyMap<number, CaseScore>,
  /** The same transaction's raw statements through the driver, where the caller has them (ADR 0088). */
  statements: StatementRunner = transaction,
): Promise<boolean> {
  const baseline = target.baselineExperimentId ? await baselineOf(transaction, target.baselineExperimentId, target.caseId) : null;
  if (baseline?.status === 'running') return false;
  const scored = await scoreReplay(transaction, target.runId, fixture, scorers, { tenantId: target.tenantId, outside, statements, memoryMode: target.memoryMode });
  const regression = baseline?.status === 'passed' && !scored.passed;
  // The scorer's verdict is the replay run's outcome, recorded like anyone's feedback (ADR 0051):
  // `passed`/`failed`, reward = the mean value of the verdicts. Stored with the score in one statement
  // (ADR 0077), and only by the writer that stored the score.
  const verdicts = scored.scores.filter((score) => score.passed !== null);
  const reward = verdicts.length === 0 ? (scored.passed ? 1 : 0) : verdicts.reduce((sum, score) => sum + score.value, 0) / verdicts.length;
  return storeScoredResult(statements, {
    tenantId: target.tenantId,
    experimentId: target.experimentId,
    resultId: target.resultId,
    runId: target.runId,
    passed: scored.passed,
    scores: scored.scores,
    deltas: {
      metrics: scored.metrics,
      vsRecorded: scored.deltaVsRecorded,
      vsBaseline: baseline ? vsBaseline(scored.metrics, scored.scores, baseline) : null,
    },
    firstDivergentCall: scored.firstDivergentCall,
    firstDivergentStep: scored.firstDivergentStep,
    regression,
    failureReason: scored.failureReason,
    reward: Math.round(reward * 1e6) / 1e6,
    comment: scored.failureReason ?? '',
  });
}

export interface BaselineResult {
  status: string;
  scores: CaseScore[];
  metrics: RunMetrics | null;
}

export async function baselineOf(transaction: Prisma.TransactionClient, baselineExperimentId: string, caseId: string): Promise<BaselineResult | null> {
  const row = await transaction.evalResult.findUnique({ where: { experimentId_caseId: { experimentId: baselineExperimentId, caseId } }, select: { status: true, scores: true, deltas: true } });
  if (!row) return null;
  return { status: row.status, scores: row.scores as unknown as CaseScore[], metrics: (row.deltas as { metrics?: RunMetrics }).metrics ?? null };
}

function vsBaseline(metrics: RunMetrics, scores: readonly CaseScore[], baseline: BaselineResult) {
  const before = new Map(baseline.scores.map((score) => [score.scorer, score.value]));
  return {
    baselineStatus: baseline.status,
    metrics: baseline.metrics
      ? {
          steps: metrics.steps - baseline.metrics.steps,
          tokens: metrics.tokens - baseline.metrics.tokens,
          costUsd: Math.round((metrics.costUsd - baseline.metrics.costUsd) * 1e6) / 1e6,
          latencyMs: metrics.latencyMs !== null && baseline.metrics.latencyMs !== null ? metrics.latencyMs - baseline.metrics.latencyMs : null,
        }
      : null,
    // Per scorer: this value − the baseline's (output verdicts are 1/0, so −1 is a lost pass; the
    // tool sequence is the share matched before the first divergence, so −0.5 lost half of it).
    scores: Object.fromEntries(scores.filter((score) => score.passed !== null && before.has(score.scorer)).map((score) => [score.scorer, score.value - before.get(score.scorer)!])),
  };
}
