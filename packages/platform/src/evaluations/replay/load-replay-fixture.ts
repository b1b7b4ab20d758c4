import type { PrismaClient } from '@agentloom/db';

import { parseCaseFixture, type CaseFixture } from '../case-fixture';
import { toolCallKey } from '../canonical-arguments';
import { unmatchedToolPolicySchema, type UnmatchedToolPolicy } from '../evaluation.schema';

/** What the executor needs to run a replay instead of a live run. */
export interface ReplayFixture {
  experimentId: string;
  /** The experiment's result row for this case: scored in the run's last commit when every scorer can be (ADR 0059). */
  resultId: string;
  /** The experiment's scorers, unparsed (scoring parses them) and its baseline. */
  scoring: { scorers: unknown; baselineExperimentId: string | null };
  caseId: string;
  fixture: CaseFixture;
  policy: UnmatchedToolPolicy;
  modelMode: 'recorded' | 'live';
  /** When the recorded run was created: the injected memories' time. */
  recordedAt: Date;
  /** Recorded results already served by earlier attempts of this run, by tool call key. */
  consumed: Map<string, number>;
}

/**
 * A run is a replay when an experiment result points at it (written in the same transaction as the
 * run, so the executor can never claim a replay run and take it for a live one). Returns undefined
 * for every other run. `resumed`: the run has a checkpoint (some step of it committed).
 */
export async function loadReplayFixture(prisma: PrismaClient, runId: string, options: { resumed: boolean }): Promise<ReplayFixture | undefined> {
  const result = await prisma.evalResult.findUnique({
    where: { runId },
    select: {
      id: true,
      experimentId: true,
      experiment: { select: { modelMode: true, scorers: true, baselineExperimentId: true } },
      case: {
        select: {
          id: true,
          createdAt: true,
          input: true,
          threadContext: true,
          memoryInjections: true,
          toolResults: true,
          transcript: true,
          recordedMetrics: true,
          finalOutput: true,
          expectedOutput: true,
          dataset: { select: { unmatchedToolPolicy: true } },
          sourceRun: { select: { createdAt: true } },
        },
      },
    },
  });
  if (!result) return undefined;
  const modelMode = result.experiment.modelMode === 'live' ? 'live' : 'recorded';
  // A recorded replay writes its calls only with their committed steps (ADR 0059); counting only
  // those keeps a restart after a crash from skipping results an uncommitted attempt served. Every
  // committed step leaves a checkpoint, so a recorded replay without one has served nothing (ADR 0071).
  const served =
    modelMode === 'recorded' && !options.resumed
      ? []
      : await prisma.toolCall.findMany({
          where: { runId, parentToolCallId: null, result: { path: ['data', 'replay'], equals: 'recorded' }, ...(modelMode === 'recorded' ? { stepId: { not: null } } : {}) },
          select: { name: true, arguments: true },
        });
  const consumed = new Map<string, number>();
  for (const call of served) {
    const key = toolCallKey(call.name, call.arguments);
    consumed.set(key, (consumed.get(key) ?? 0) + 1);
  }
  return {
    experimentId: result.experimentId,
    resultId: result.id,
    scoring: { scorers: result.experiment.scorers, baselineExperimentId: result.experiment.baselineExperimentId },
    caseId: result.case.id,
    fixture: parseCaseFixture(result.case),
    policy: unmatchedToolPolicySchema.parse(result.case.dataset.unmatchedToolPolicy),
    modelMode,
    recordedAt: result.case.sourceRun?.createdAt ?? result.case.createdAt,
    consumed,
  };
}
