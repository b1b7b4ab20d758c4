import type { Database } from '@agentloom/db';
import { z } from 'zod';

import type { Principal } from '../auth/roles';
import { DomainError } from '../errors/domain-error';
import { parseInput } from '../validation/parse-input';
import {
  alignSequences,
  maximumComparedItems,
  stepKey,
  toolCallKey,
  type AlignedPair,
  type ComparedStep,
  type ComparedToolCall,
} from './run-comparison';
import { runViewSelect, toRunView, type RunView } from './run-view';

export const compareRunsInputSchema = z.object({ leftRunId: z.uuid(), rightRunId: z.uuid() });
export type CompareRunsInput = z.input<typeof compareRunsInputSchema>;

/** One run as the comparison shows it. */
export interface ComparedRun {
  run: RunView;
  agentVersion: number;
  /** Wall time from start to finish (or to now for a run still going); null before it started. */
  durationMs: number | null;
  /** True when the run has more steps or tool calls than were compared. */
  truncated: boolean;
}

/** Right minus left, for every number the comparison shows. */
export interface RunUsageDifference {
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
  modelCalls: number;
  toolCalls: number;
  steps: number;
  durationMs: number | null;
}

export interface RunComparison {
  left: ComparedRun;
  right: ComparedRun;
  sameAgent: boolean;
  sameInput: boolean;
  steps: AlignedPair<ComparedStep>[];
  toolCalls: AlignedPair<ComparedToolCall>[];
  difference: RunUsageDifference;
}

/**
 * Two runs side by side: input, version, outcome, steps and tool calls aligned (longest common
 * subsequence, so one extra step is one gap), and the usage difference right − left. Any two runs
 * of the tenant can be compared, also of different agents.
 * @throws DomainError `not-found` naming `leftRunId` or `rightRunId`.
 */
export async function compareRuns(database: Database, principal: Principal, rawInput: unknown): Promise<RunComparison> {
  const input = parseInput(compareRunsInputSchema, rawInput);
  // Both sides load together, but a missing left side is reported first whichever read fails first.
  const [leftResult, rightResult] = await Promise.allSettled([loadSide(database, principal.tenantId, input.leftRunId, 'leftRunId'), loadSide(database, principal.tenantId, input.rightRunId, 'rightRunId')]);
  if (leftResult.status === 'rejected') throw leftResult.reason;
  if (rightResult.status === 'rejected') throw rightResult.reason;
  const [left, right] = [leftResult.value, rightResult.value];
  const durationDifference = left.compared.durationMs === null || right.compared.durationMs === null ? null : right.compared.durationMs - left.compared.durationMs;
  const usage = (side: typeof left) => side.compared.run.usage;
  return {
    left: left.compared,
    right: right.compared,
    sameAgent: left.compared.run.agentId === right.compared.run.agentId,
    sameInput: JSON.stringify(left.compared.run.input) === JSON.stringify(right.compared.run.input),
    steps: alignSequences(left.steps, right.steps, stepKey),
    toolCalls: alignSequences(left.toolCalls, right.toolCalls, toolCallKey),
    difference: {
      inputTokens: usage(right).inputTokens - usage(left).inputTokens,
      outputTokens: usage(right).outputTokens - usage(left).outputTokens,
      // Rounded to the stored precision (micro-dollars), so 0.3 − 0.1 does not show as 0.19999999999999998.
      costUsd: Math.round((usage(right).costUsd - usage(left).costUsd) * 1e6) / 1e6,
      modelCalls: usage(right).modelCalls - usage(left).modelCalls,
      toolCalls: usage(right).toolCalls - usage(left).toolCalls,
      steps: usage(right).steps - usage(left).steps,
      durationMs: durationDifference,
    },
  };
}

async function loadSide(database: Database, tenantId: string, runId: string, field: string) {
  const { prisma } = database;
  const row = await prisma.run.findFirst({ where: { id: runId, tenantId }, select: runViewSelect });
  if (!row) throw new DomainError('not-found', `Run ${runId} not found`, field);
  const [stepRows, callRows] = await Promise.all([
    prisma.step.findMany({
      where: { runId, parentStepId: null },
      orderBy: { index: 'asc' },
      take: maximumComparedItems + 1,
      select: { index: true, kind: true, status: true, inputTokens: true, outputTokens: true, toolCalls: { orderBy: { createdAt: 'asc' }, select: { name: true } } },
    }),
    prisma.toolCall.findMany({
      where: { runId, parentToolCallId: null },
      orderBy: [{ createdAt: 'asc' }, { callId: 'asc' }],
      take: maximumComparedItems + 1,
      select: { name: true, status: true, arguments: true, editedArguments: true },
    }),
  ]);
  const run = toRunView(row);
  const started = row.startedAt?.getTime();
  return {
    compared: {
      run,
      agentVersion: row.agentVersion.version,
      durationMs: started === undefined ? null : (row.finishedAt?.getTime() ?? Date.now()) - started,
      truncated: stepRows.length > maximumComparedItems || callRows.length > maximumComparedItems,
    },
    steps: stepRows.slice(0, maximumComparedItems).map(
      (step): ComparedStep => ({
        index: step.index,
        kind: step.kind,
        status: step.status,
        toolNames: step.toolCalls.map((call) => call.name),
        inputTokens: step.inputTokens,
        outputTokens: step.outputTokens,
      }),
    ),
    toolCalls: callRows.slice(0, maximumComparedItems).map((call): ComparedToolCall => ({ name: call.name, status: call.status, arguments: call.editedArguments ?? call.arguments })),
  };
}
