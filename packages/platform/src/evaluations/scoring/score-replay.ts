import type { Prisma, StatementRunner } from '@agentloom/db';

import type { CaseFixture } from '../case-fixture';
import type { MemoryMode, Scorer } from '../evaluation.schema';
import { recordedMemoryRead, scoreMemoryExpected, scoreMemorySuperseded, type MemoryRead } from './memory-scorers';
import { isOutputScorer, scoreOutput, type CaseScore } from './output-scorers';
import { readReplayRunFacts, type ReplayRunFacts } from './replay-run-facts';
import { compareToolSequence, recordedCalls, type SequencedCall } from './tool-sequence';

/** Steps, tokens, cost and latency of one run (replay, recording or baseline replay). */
export interface RunMetrics {
  steps: number;
  tokens: number;
  costUsd: number;
  latencyMs: number | null;
}

export interface ScoredReplay {
  passed: boolean;
  scores: CaseScore[];
  metrics: RunMetrics;
  /** Replay − recording. */
  deltaVsRecorded: RunMetrics;
  firstDivergentCall: number | null;
  firstDivergentStep: number | null;
  failureReason: string | null;
}

/**
 * Scores one finished replay run against its case: the configured output and memory scorers (with
 * the judge and custom scores computed before the transaction, `outside`, by scorer position), the
 * tool-call sequence (always), and the usage deltas against the recording. A case passes when the
 * run succeeded, no call went unmatched, and every verdict passed.
 */
export async function scoreReplay(
  transaction: Prisma.TransactionClient,
  runId: string,
  fixture: CaseFixture,
  scorers: readonly Scorer[],
  options: { tenantId: string; outside: ReadonlyMap<number, CaseScore>; statements?: StatementRunner; memoryMode: MemoryMode },
): Promise<ScoredReplay> {
  const liveMemory = options.memoryMode === 'live';
  // One read (ADR 0077): the run, its top-level calls in ledger order with their step indexes, its last
  // step, and in live memory mode the memory it read.
  const run = await readReplayRunFacts(options.statements ?? transaction, runId, { memoryRead: liveMemory });
  const memoryRead = liveMemory ? liveMemoryRead(run.memoryRead) : recordedMemoryRead(fixture);
  const lastStepIndex = run.lastStepIndex;
  const replayed: SequencedCall[] = run.calls.map((call) => ({ name: call.name, arguments: call.arguments, stepIndex: call.stepIndex }));
  const unmatched = run.calls.filter((call) => call.unmatched).map((call) => call.name);
  const output = (run.output as { text?: string } | null)?.text ?? null;
  const expected = fixture.expectedOutput ?? fixture.finalOutput;
  const sequenceScorer = scorers.find((scorer) => scorer.type === 'tool-sequence');
  const sequence = compareToolSequence(recordedCalls(fixture), replayed, { namesOnly: sequenceScorer?.namesOnly ?? false, lastStepIndex });
  const outputScores: CaseScore[] = [];
  for (const [index, scorer] of scorers.entries()) {
    if (isOutputScorer(scorer)) outputScores.push(scoreOutput(scorer, output, expected));
    else if (scorer.type === 'memory-superseded') outputScores.push(await scoreMemorySuperseded(transaction, options.tenantId, memoryRead));
    else if (scorer.type === 'memory-expected') outputScores.push(scoreMemoryExpected(scorer, memoryRead));
    else if (scorer.type !== 'tool-sequence') {
      const computed = options.outside.get(index);
      // A missing outside score is a bug in the caller; failing the case says so instead of passing it.
      outputScores.push(computed ?? { scorer: scorer.type, passed: false, value: 0, explanation: 'this score was not computed' });
    }
  }
  // Without a tool-sequence scorer the comparison still finds the first divergent step, as a measurement.
  const sequenceScore: CaseScore = sequenceScorer ? sequence.score : { ...sequence.score, passed: null };
  const metrics: RunMetrics = { steps: run.stepCount, tokens: run.tokens, costUsd: run.costUsd, latencyMs: run.latencyMs };
  const recorded = fixture.recordedMetrics;
  const deltaVsRecorded: RunMetrics = {
    steps: metrics.steps - recorded.steps,
    tokens: metrics.tokens - (recorded.inputTokens + recorded.outputTokens),
    costUsd: round(metrics.costUsd - recorded.costUsd),
    latencyMs: metrics.latencyMs !== null && recorded.latencyMs !== null ? metrics.latencyMs - recorded.latencyMs : null,
  };
  const usageScore: CaseScore = {
    scorer: 'usage-delta',
    passed: null,
    value: deltaVsRecorded.tokens,
    explanation: `vs recording: steps ${signed(deltaVsRecorded.steps)}, tokens ${signed(deltaVsRecorded.tokens)}, cost ${signed(deltaVsRecorded.costUsd)} USD (latency in the deltas: wall time is not deterministic)`,
  };
  const scores = [...outputScores, sequenceScore, usageScore];
  const failureReason =
    run.status !== 'succeeded'
      ? `replay run ${run.status}${run.errorMessage ? `: ${run.errorMessage}` : ''}`
      : unmatched.length > 0
        ? `unmatched tool call(s) not executed: ${unmatched.join(', ')}`
        : (scores.find((score) => score.passed === false)?.explanation ?? null);
  return {
    passed: failureReason === null,
    scores,
    metrics,
    deltaVsRecorded,
    firstDivergentCall: sequence.firstDivergentCall,
    firstDivergentStep: sequence.firstDivergentStep,
    failureReason,
  };
}

function round(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

function signed(value: number): string {
  return value > 0 ? `+${value}` : String(value);
}

function liveMemoryRead(read: ReplayRunFacts['memoryRead']): MemoryRead[] {
  return (read ?? []).map((item) => ({ id: item.id, kind: item.kind, content: item.content, ...(item.key === null ? {} : { key: item.key }) }));
}
