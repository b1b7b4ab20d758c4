import type { PrismaClient, StatementRunner } from '@agentloom/db';

import { parseCaseFixture, type CaseFixture } from '../case-fixture';
import { toolCallKey } from '../canonical-arguments';
import { memoryModeSchema, unmatchedToolPolicySchema, type MemoryMode, type UnmatchedToolPolicy } from '../evaluation.schema';
import { readReplayFixtureStatement } from './replay-fixture-sql';

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
  /** `recorded`: memory reads are served from the recorded injections; `live`: from the tenant's memory now. Never written. */
  memoryMode: MemoryMode;
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
export async function loadReplayFixture(
  database: { prisma: PrismaClient; statements: StatementRunner },
  runId: string,
  options: { resumed: boolean },
): Promise<ReplayFixture | undefined> {
  const { prisma } = database;
  const result = await readReplayFixtureStatement(database.statements, runId);
  if (!result) return undefined;
  const modelMode = result.model_mode === 'live' ? 'live' : 'recorded';
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
    experimentId: result.experiment_id,
    resultId: result.result_id,
    scoring: { scorers: result.scorers, baselineExperimentId: result.baseline_experiment_id },
    caseId: result.case_id,
    fixture: parseCaseFixture({
      input: result.input,
      threadContext: result.thread_context,
      memoryInjections: result.memory_injections,
      toolResults: result.tool_results,
      transcript: result.transcript,
      recordedMetrics: result.recorded_metrics,
      finalOutput: result.final_output,
      expectedOutput: result.expected_output,
    }),
    policy: unmatchedToolPolicySchema.parse(result.unmatched_tool_policy),
    modelMode,
    memoryMode: memoryModeSchema.parse(result.memory_mode),
    recordedAt: new Date(result.recorded_at ?? result.case_created_at),
    consumed,
  };
}
