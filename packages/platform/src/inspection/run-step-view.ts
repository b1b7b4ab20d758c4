import type { Prisma } from '@agentloom/db';

import type { StepToolSummary } from './step-tool-summaries';

/** One committed engine step, as the timeline draws it. */
export interface RunStepView {
  id: string;
  index: number;
  /** model_call | tool_call | compaction | verification | approval_wait | routing | memory_injection */
  kind: string;
  /** How the step ended: the engine's next-step type (run-again, final-output, approval-request, interrupted). */
  status: string;
  parentStepId: string | null;
  inputTokens: number;
  outputTokens: number;
  /** The step's model cost; null when it is unknown (its model has no prices) or the step called no model. */
  costUsd: number | null;
  startedAt: string;
  finishedAt: string | null;
  /** The step's tool calls in proposal order (name and ledger status), so a row can name them. */
  toolCalls: { name: string; status: string }[];
  /** A tool call of the step failed, ended with an unknown outcome or was abandoned, or the step was interrupted. */
  hasError: boolean;
  /** pending | approved | rejected | expired when a call of the step asked for approval; null otherwise. */
  approval: string | null;
}

export const runStepSelect = {
  id: true,
  index: true,
  kind: true,
  status: true,
  parentStepId: true,
  inputTokens: true,
  outputTokens: true,
  costUsd: true,
  startedAt: true,
  finishedAt: true,
} as const satisfies Prisma.StepSelect;

type RunStepRow = Prisma.StepGetPayload<{ select: typeof runStepSelect }>;

export function toRunStepView(row: RunStepRow, summary: StepToolSummary | undefined, pricesKnown: boolean): RunStepView {
  const cost = Number(row.costUsd);
  const calledModel = row.inputTokens + row.outputTokens > 0;
  return {
    id: row.id,
    index: row.index,
    kind: row.kind,
    status: row.status,
    parentStepId: row.parentStepId,
    inputTokens: row.inputTokens,
    outputTokens: row.outputTokens,
    // A stored 0 for tokens without prices is "not priced", not "free"; a positive cost was priced.
    costUsd: cost > 0 || (pricesKnown && calledModel) ? cost : null,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    toolCalls: summary?.toolCalls ?? [],
    hasError: (summary?.hasError ?? false) || row.status === 'interrupted',
    approval: summary?.approval ?? null,
  };
}
