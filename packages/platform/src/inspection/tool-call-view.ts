import type { Prisma } from '@agentloom/db';

/** One transition of the tool-call ledger, as recorded in `statusHistory`. */
export interface ToolCallStatusChange {
  status: string;
  at: string;
  attempt?: number;
  actor?: string;
  /** Why, for a rejection (the reviewer's reason) or an abandoned call. */
  reason?: string;
}

/** A tool call with everything the inspector shows: ledger, arguments, result, approval. */
export interface ToolCallView {
  id: string;
  runId: string;
  callId: string;
  stepIndex: number | null;
  name: string;
  implementationId: string;
  /** none | idempotent | unsafe */
  sideEffects: string;
  status: string;
  statusHistory: ToolCallStatusChange[];
  arguments: Prisma.JsonValue;
  editedArguments: Prisma.JsonValue;
  /** As stored: cut to the tool-output cap, with a note, when the tool returned more. */
  result: Prisma.JsonValue;
  /** UTF-8 bytes of the tool's full output before the cap; null until it finished. */
  outputBytes: number | null;
  error: { kind: string; message: string } | null;
  idempotencyKey: string;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  /** finishedAt − startedAt, when both are known. */
  durationMs: number | null;
  /** Set for a sub-agent's call: the delegating call's ledger row, the sub-agent's name and its run id. */
  delegation: { parentToolCallId: string | null; subAgent: string; childInstanceId: string | null } | null;
  approval: {
    id: string;
    status: string;
    requestReason: string;
    decidedBy: string | null;
    decidedAt: string | null;
    decisionReason: string | null;
    expiresAt: string | null;
  } | null;
}

export const toolCallViewSelect = {
  id: true,
  runId: true,
  callId: true,
  name: true,
  implementationId: true,
  sideEffects: true,
  status: true,
  statusHistory: true,
  arguments: true,
  editedArguments: true,
  result: true,
  outputBytes: true,
  errorKind: true,
  errorMessage: true,
  idempotencyKey: true,
  createdAt: true,
  startedAt: true,
  finishedAt: true,
  parentToolCallId: true,
  subAgent: true,
  childInstanceId: true,
  step: { select: { index: true } },
  approval: { select: { id: true, status: true, requestReason: true, decidedBy: true, decidedAt: true, decisionReason: true, expiresAt: true } },
} as const satisfies Prisma.ToolCallSelect;

type ToolCallRow = Prisma.ToolCallGetPayload<{ select: typeof toolCallViewSelect }>;

export function toToolCallView(row: ToolCallRow): ToolCallView {
  const { approval } = row;
  return {
    id: row.id,
    runId: row.runId,
    callId: row.callId,
    stepIndex: row.step?.index ?? null,
    name: row.name,
    implementationId: row.implementationId,
    sideEffects: row.sideEffects,
    status: row.status,
    statusHistory: withDecision(toStatusHistory(row.statusHistory), approval),
    arguments: row.arguments,
    editedArguments: row.editedArguments,
    result: row.result,
    outputBytes: row.outputBytes,
    error: row.errorKind ? { kind: row.errorKind, message: row.errorMessage ?? '' } : null,
    idempotencyKey: row.idempotencyKey,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    durationMs: row.startedAt && row.finishedAt ? row.finishedAt.getTime() - row.startedAt.getTime() : null,
    delegation: row.subAgent ? { parentToolCallId: row.parentToolCallId, subAgent: row.subAgent, childInstanceId: row.childInstanceId } : null,
    approval: approval
      ? {
          id: approval.id,
          status: approval.status,
          requestReason: approval.requestReason,
          decidedBy: approval.decidedBy,
          decidedAt: approval.decidedAt?.toISOString() ?? null,
          decisionReason: approval.decisionReason,
          expiresAt: approval.expiresAt?.toISOString() ?? null,
        }
      : null,
  };
}

/**
 * The approval row is the record of a decision; the ledger history is a copy written beside it.
 * A history without the decision (rows written before the copy existed, or overwritten by a
 * resumed step) would end at "awaiting approval" — show the decision from the approval instead.
 */
function withDecision(history: ToolCallStatusChange[], approval: ToolCallRow['approval']): ToolCallStatusChange[] {
  if (!approval?.decidedAt || approval.status === 'pending') return history;
  if (history.some((change) => change.status === approval.status && change.actor !== undefined)) return history;
  const decision: ToolCallStatusChange = {
    status: approval.status,
    at: approval.decidedAt.toISOString(),
    ...(approval.decidedBy ? { actor: approval.decidedBy } : {}),
    ...(approval.decisionReason ? { reason: approval.decisionReason } : {}),
  };
  return [...history, decision].sort((left, right) => left.at.localeCompare(right.at));
}

/** The column is free-form JSON written by two writers; keep only well-formed entries. */
function toStatusHistory(value: Prisma.JsonValue): ToolCallStatusChange[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) => {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return [];
    const { status, at, attempt, actor, reason } = entry;
    if (typeof status !== 'string' || typeof at !== 'string') return [];
    return [{ status, at, ...(typeof attempt === 'number' ? { attempt } : {}), ...(typeof actor === 'string' ? { actor } : {}), ...(typeof reason === 'string' ? { reason } : {}) }];
  });
}
