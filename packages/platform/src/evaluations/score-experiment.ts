import type { Database, Prisma } from '@agentloom/db';
import { z } from 'zod';

import { parseCaseFixture } from './case-fixture';
import { memoryModeSchema, scorerSchema } from './evaluation.schema';
import { scoreOutsideTransaction } from './scoring/score-outside-transaction';
import type { RunMetrics } from './scoring/score-replay';
import { baselineOf, storeCaseScore } from './store-case-score';
import type { ScoringContext } from './scoring/scoring-context';

const finishedRunStatuses = ['succeeded', 'failed', 'cancelled'] as const;

/** Aggregates of an experiment, written once its last case is scored. */
export interface ExperimentSummary {
  cases: number;
  passed: number;
  failed: number;
  passRate: number;
  regressions: number;
  improvements: number;
  casesDiverged: number;
  /** Mean replay − recording per case. */
  meanDeltaVsRecorded: RunMetrics;
  baselinePassRate: number | null;
}

/**
 * Scores every result of the experiment whose replay run has finished and is not scored yet, each
 * in its own transaction guarded on `status = 'running'` (two readers scoring at once store it
 * once), then, when no case is left running, writes the aggregates and completes the experiment.
 * Scoring happens when an experiment is read, so a finished replay is scored exactly once, by
 * whichever reader comes first, with no extra background job.
 */
export async function scoreFinishedReplays(database: Database, context: ScoringContext, tenantId: string, experimentId: string): Promise<void> {
  const { prisma } = database;
  const experiment = await prisma.evalExperiment.findFirst({ where: { id: experimentId, tenantId }, select: { status: true, scorers: true, baselineExperimentId: true, memoryMode: true } });
  if (!experiment || experiment.status === 'completed') return;
  // A regression is judged against the baseline's verdict, so the baseline's finished replays are
  // scored first (a baseline is older than its experiment: the chain ends).
  if (experiment.baselineExperimentId) await scoreFinishedReplays(database, context, tenantId, experiment.baselineExperimentId);
  const scorers = z.array(scorerSchema).parse(experiment.scorers);
  const finished = await prisma.evalResult.findMany({
    where: { experimentId, status: 'running', run: { status: { in: [...finishedRunStatuses] } } },
    select: { id: true, runId: true, caseId: true, case: true },
  });
  for (const result of finished) {
    // Checked before the judge or a custom scorer runs too: a case waiting for its baseline costs no model call.
    if (experiment.baselineExperimentId && (await baselineOf(prisma, experiment.baselineExperimentId, result.caseId))?.status === 'running') continue;
    const fixture = parseCaseFixture(result.case);
    const memoryMode = memoryModeSchema.parse(experiment.memoryMode);
    const outside = await scoreOutsideTransaction(database, context, tenantId, { runId: result.runId, fixture, labels: result.case.labels, memoryMode }, scorers);
    const target = { tenantId, experimentId, baselineExperimentId: experiment.baselineExperimentId, resultId: result.id, runId: result.runId, caseId: result.caseId, memoryMode } as const;
    await prisma.$transaction((transaction) => storeCaseScore(transaction, target, fixture, scorers, outside));
  }
  const running = await prisma.evalResult.count({ where: { experimentId, status: 'running' } });
  if (running > 0) return;
  const summary = await summarize(prisma, experimentId, experiment.baselineExperimentId);
  await prisma.evalExperiment.updateMany({ where: { id: experimentId, status: 'running' }, data: { status: 'completed', summary: summary as unknown as Prisma.InputJsonValue, finishedAt: new Date() } });
}

async function summarize(prisma: Database['prisma'], experimentId: string, baselineExperimentId: string | null): Promise<ExperimentSummary> {
  const results = await prisma.evalResult.findMany({ where: { experimentId }, select: { status: true, regression: true, deltas: true, firstDivergentCall: true, caseId: true } });
  const baseline = baselineExperimentId ? await prisma.evalResult.findMany({ where: { experimentId: baselineExperimentId }, select: { caseId: true, status: true } }) : null;
  const baselineStatus = new Map((baseline ?? []).map((row) => [row.caseId, row.status]));
  const passed = results.filter((result) => result.status === 'passed').length;
  const deltas = results.map((result) => (result.deltas as { vsRecorded?: RunMetrics }).vsRecorded).filter((delta): delta is RunMetrics => delta !== undefined);
  const mean = (pick: (delta: RunMetrics) => number | null) => {
    const values = deltas.map(pick).filter((value): value is number => value !== null);
    return values.length === 0 ? 0 : Math.round((values.reduce((sum, value) => sum + value, 0) / values.length) * 1e3) / 1e3;
  };
  return {
    cases: results.length,
    passed,
    failed: results.length - passed,
    passRate: results.length === 0 ? 0 : passed / results.length,
    regressions: results.filter((result) => result.regression).length,
    improvements: baseline ? results.filter((result) => result.status === 'passed' && baselineStatus.get(result.caseId) === 'failed').length : 0,
    casesDiverged: results.filter((result) => result.firstDivergentCall !== null).length,
    meanDeltaVsRecorded: { steps: mean((delta) => delta.steps), tokens: mean((delta) => delta.tokens), costUsd: mean((delta) => delta.costUsd), latencyMs: mean((delta) => delta.latencyMs) },
    baselinePassRate: baseline && baseline.length > 0 ? baseline.filter((row) => row.status === 'passed').length / baseline.length : null,
  };
}
