import type { Prisma } from '@agentloom/db';

import { runBudgetSchema } from '../budgets/budget.schema';
import { pricesKnown } from './run-pricing';
import { repeatPermissions, type RunRepeat } from './run-repeat-rules';
import type { RunStatus } from './run.schema';

/** A run as clients see it. */
export interface RunView {
  id: string;
  agentId: string;
  agentVersionId: string;
  /** The agent version's number (v1, v2…) the run executes; fixed at creation. */
  agentVersion: number;
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
  usage: {
    modelCalls: number;
    inputTokens: number;
    outputTokens: number;
    /** Sum of the priced calls; read it with `costKnown`. */
    costUsd: number;
    /** False when a model the run could call has no prices (or it runs the offline demo script): then `costUsd` is a lower bound, not the cost. */
    costKnown: boolean;
    toolCalls: number;
    steps: number;
  };
  /** When the run was last put in the queue: creation, or a re-queue after an approval decision or a lost lease. */
  queuedAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  createdAt: string;
  /** The failed run this one retries, the run it re-runs, and the run that retries this one (ADR 0029). */
  retryOfRunId: string | null;
  rerunOfRunId: string | null;
  retriedByRunId: string | null;
  /** The run this one forks and the step of it whose checkpoint it started from (ADR 0032). */
  forkOf: { runId: string; stepIndex: number } | null;
  /** Runs forked from this one, oldest first (the first 50). */
  forks: { runId: string; stepIndex: number }[];
  /** The schedule that fired this run and the slot (fire time) it was created for (ADR 0043); null for other runs. */
  schedule: { scheduleId: string; name: string | null; slot: string } | null;
  /**
   * The budgets that limit this run alone (ADR 0052): `request` from its create request (null when
   * none was given), `version` from its agent version's `runBudget`. Both apply; the first spent ends the run.
   */
  budget: { request: RunBudget | null; version: RunBudget | null };
  /**
   * Set while the run waits because a budget whose policy is `pause` is spent (ADR 0057): which
   * budget, its limit and usage, and the reason shown. An operator resumes or cancels the run.
   */
  budgetPause: RunBudgetPause | null;
  /**
   * Whether the server would retry, re-run or fork this run, judged by the same rules it enforces
   * (run-repeat-rules.ts): the run's status, a replay of a dataset case (never repeated), an archived
   * agent (all three refused until it is unarchived), an archived thread and a cancelled batch (retry
   * refused for good).
   * A refusal carries the rule and the message the server would answer. What depends on the request
   * (the version asked for, the fork's step, the caller's role) is not judged here.
   */
  repeat: RunRepeat;
}

/** A run's token and/or cost limit, and what the run does when it is spent (absent: fail). */
export interface RunBudget {
  maxTokens?: number;
  maxCostUsd?: number;
  onExceeded?: 'fail' | 'pause';
}

/** The spent budget a paused run waits on. */
export interface RunBudgetPause {
  scope: string;
  measure: string;
  limit: number;
  used: number;
  message: string;
  pausedAt: string;
  /**
   * When the pause ends by itself if the budget has room again: the end of a daily or monthly budget's
   * UTC window (ADR 0063); null for a run paused by its own budget (an operator resumes it).
   */
  resumesAt: string | null;
}

/** The run's own columns and names: what `insertRun` returns for the run it wrote. */
const runColumnsSelect = {
  id: true,
  agentId: true,
  agentVersionId: true,
  agentVersion: { select: { version: true, config: true } },
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
  forkOfRunId: true,
  forkStepIndex: true,
  forks: { select: { id: true, forkStepIndex: true }, orderBy: { createdAt: 'asc' }, take: 50 },
  scheduleId: true,
  scheduleSlot: true,
  schedule: { select: { name: true } },
  budget: true,
  budgetPause: true,
  budgetResumeAt: true,
  batchId: true,
} as const satisfies Prisma.RunSelect;

export type RunRow = Prisma.RunGetPayload<{ select: typeof runColumnsSelect }>;

/**
 * What the view reads: the run's columns, plus what the repeat rules read beyond them — whether its
 * agent and thread are archived, whether its batch was cancelled and whether it replays a dataset
 * case. Joined in the one query that reads the runs, so a list page costs no query per run.
 */
export const runViewSelect = {
  ...runColumnsSelect,
  agentVersion: { select: { version: true, config: true, agent: { select: { archivedAt: true } } } },
  thread: { select: { title: true, archivedAt: true } },
  evalResult: { select: { experimentId: true } },
  batch: { select: { cancelledAt: true } },
} as const satisfies Prisma.RunSelect;

export type RunViewRow = Prisma.RunGetPayload<{ select: typeof runViewSelect }>;

/**
 * The view row of a run `insertRun` just wrote: its statement writes a run only for an agent and a
 * thread that are not archived, and no evaluation has claimed the run as a replay yet.
 */
export function insertedRunViewRow(row: RunRow): RunViewRow {
  return {
    ...row,
    agentVersion: { ...row.agentVersion, agent: { archivedAt: null } },
    thread: row.thread === null ? null : { ...row.thread, archivedAt: null },
    evalResult: null,
    // Only a retry joins a batch, and only while the batch is not cancelled (retry-run.ts).
    batch: row.batchId === null ? null : { cancelledAt: null },
  };
}

/** `tenantPriced`: the models the tenant's price table prices (see `pricesKnown`). */
export function toRunView(row: RunViewRow, tenantPriced?: ReadonlySet<string>): RunView {
  return {
    id: row.id,
    agentId: row.agentId,
    agentVersionId: row.agentVersionId,
    agentVersion: row.agentVersion.version,
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
      costKnown: pricesKnown(row.agentVersion.config, tenantPriced),
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
    forkOf: row.forkOfRunId !== null && row.forkStepIndex !== null ? { runId: row.forkOfRunId, stepIndex: row.forkStepIndex } : null,
    forks: row.forks.map((fork) => ({ runId: fork.id, stepIndex: fork.forkStepIndex ?? 0 })),
    schedule:
      row.scheduleId !== null && row.scheduleSlot !== null
        ? { scheduleId: row.scheduleId, name: row.schedule?.name ?? null, slot: row.scheduleSlot.toISOString() }
        : null,
    budget: { request: storedBudget(row.budget), version: storedBudget(isRecord(row.agentVersion.config) ? row.agentVersion.config.runBudget : undefined) },
    budgetPause: row.status === 'waiting' ? storedPause(row.budgetPause, row.budgetResumeAt) : null,
    repeat: repeatPermissions({
      runId: row.id,
      status: row.status,
      input: row.input,
      replayExperimentId: row.evalResult?.experimentId ?? null,
      agentId: row.agentId,
      agentArchived: row.agentVersion.agent.archivedAt !== null,
      threadId: row.threadId,
      threadArchived: row.thread?.archivedAt != null,
      retriedByRunId: row.retry?.id ?? null,
      batchId: row.batchId,
      batchCancelled: row.batch?.cancelledAt != null,
    }),
  };
}

function storedPause(value: unknown, resumesAt: Date | null): RunBudgetPause | null {
  if (!isRecord(value)) return null;
  const { scope, measure, limit, used, message, pausedAt } = value;
  return {
    scope: String(scope),
    measure: String(measure),
    limit: Number(limit),
    used: Number(used),
    message: String(message),
    pausedAt: String(pausedAt),
    resumesAt: resumesAt?.toISOString() ?? null,
  };
}

/** Reads a stored budget loosely (it was validated on write); anything else reads as none. */
function storedBudget(value: unknown): RunBudget | null {
  const parsed = runBudgetSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
