import type { Prisma } from '@agentloom/db';

import type { RunStatus } from './run.schema';

/** A run as clients see it. */
export interface RunView {
  id: string;
  agentId: string;
  agentVersionId: string;
  threadId: string | null;
  /** The thread's title (may be empty: titles are optional); null when the run has no thread. */
  threadTitle: string | null;
  status: RunStatus;
  input: Prisma.JsonValue;
  output: Prisma.JsonValue;
  error: { kind: string; message: string } | null;
  attempt: number;
  maxAttempts: number;
  cancelRequested: boolean;
  usage: { modelCalls: number; inputTokens: number; outputTokens: number; costUsd: number; toolCalls: number; steps: number };
  queuedAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  createdAt: string;
  /** The failed run this one retries, the run it re-runs, and the run that retries this one (ADR 0029). */
  retryOfRunId: string | null;
  rerunOfRunId: string | null;
  retriedByRunId: string | null;
}

export const runViewSelect = {
  id: true,
  agentId: true,
  agentVersionId: true,
  threadId: true,
  thread: { select: { title: true } },
  status: true,
  input: true,
  output: true,
  errorKind: true,
  errorMessage: true,
  attempt: true,
  maxAttempts: true,
  cancelRequestedAt: true,
  modelCalls: true,
  inputTokens: true,
  outputTokens: true,
  costUsd: true,
  toolCallCount: true,
  stepCount: true,
  queuedAt: true,
  startedAt: true,
  finishedAt: true,
  createdAt: true,
  retryOfRunId: true,
  rerunOfRunId: true,
  retry: { select: { id: true } },
} as const satisfies Prisma.RunSelect;

export type RunRow = Prisma.RunGetPayload<{ select: typeof runViewSelect }>;

export function toRunView(row: RunRow): RunView {
  return {
    id: row.id,
    agentId: row.agentId,
    agentVersionId: row.agentVersionId,
    threadId: row.threadId,
    threadTitle: row.thread?.title ?? null,
    status: row.status,
    input: row.input,
    output: row.output,
    error: row.errorKind ? { kind: row.errorKind, message: row.errorMessage ?? '' } : null,
    attempt: row.attempt,
    maxAttempts: row.maxAttempts,
    cancelRequested: row.cancelRequestedAt !== null,
    usage: {
      modelCalls: row.modelCalls,
      inputTokens: row.inputTokens,
      outputTokens: row.outputTokens,
      costUsd: Number(row.costUsd),
      toolCalls: row.toolCallCount,
      steps: row.stepCount,
    },
    queuedAt: row.queuedAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    retryOfRunId: row.retryOfRunId,
    rerunOfRunId: row.rerunOfRunId,
    retriedByRunId: row.retry?.id ?? null,
  };
}
