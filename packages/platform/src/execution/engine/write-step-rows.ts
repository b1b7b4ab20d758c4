import { preparedStatementText, queryRows, type StatementRunner } from '@agentloom/db';
import type { StepResult } from '@agentloom/runtime';
import { v7 as uuidv7 } from 'uuid';

import type { ClaimedRun } from '../run-claims';
import { checkpointDocument, type CheckpointDocument } from './save-checkpoint';
import { parseStepRowsResult } from './json-column';
import { toLedgerStatus } from './tool-call-status';

/**
 * The JSON document the step-commit SQL functions take (migration 20261201121000_step_commit_functions):
 * everything about the step that can be decided before touching the database, so the database
 * applies it in one statement. Ids are proposals: a replayed step keeps the ids it already has.
 */
export interface StepRowsDocument {
  runId: string;
  tenantId: string;
  threadId: string | null;
  now: string;
  step: { id: string; index: number; kind: string; status: string; inputTokens: number; outputTokens: number; costUsd: number; startedAt: string };
  messages: MessageDocument[];
  toolCalls: ToolCallDocument[];
  checkpoint: CheckpointDocument;
}

interface MessageDocument {
  id: string;
  index: number;
  role: string;
  content: string;
  toolCalls: unknown;
  toolCallId: string | null;
  toolName: string | null;
  isError: boolean;
}

interface ToolCallDocument {
  id: string;
  callId: string;
  name: string;
  implementationId: string;
  sideEffects: string;
  arguments: unknown;
  idempotencyKey: string;
  status: string;
  /** Appended to the status history when the status changes (the ledger hooks may have recorded it already). */
  historyEntry: Record<string, unknown>;
  result?: unknown;
  outputBytes?: number;
  errorKind?: string;
  errorMessage?: string;
  finished: boolean;
  /** A hook veto: never overwrites an `outcome_unknown` row (an operator decides that call). */
  vetoed: boolean;
  parentCallId?: string;
  subAgent?: string;
  childInstanceId?: string;
}

/** Builds the step's rows document: the step, its messages, its tool calls and its checkpoint. */
export function stepRowsDocument(run: ClaimedRun, result: StepResult, now: Date): StepRowsDocument {
  const startedAt = result.events[0] ? new Date(result.events[0].at) : now;
  // Delegating calls before the sub-agents' calls that link to them.
  const parentsFirst = [...result.toolCalls].sort((left, right) => Number(left.delegation !== undefined) - Number(right.delegation !== undefined));
  return {
    runId: run.id,
    tenantId: run.tenantId,
    threadId: run.threadId,
    now: now.toISOString(),
    step: {
      id: uuidv7(),
      index: result.step,
      kind: stepKind(result),
      status: result.next.type,
      inputTokens: result.usage.inputTokens,
      outputTokens: result.usage.outputTokens,
      costUsd: result.usage.costUsd ?? 0,
      startedAt: startedAt.toISOString(),
    },
    messages: result.messages.map(({ index, message }) => ({
      id: uuidv7(),
      index,
      role: message.role,
      content: message.content,
      toolCalls: message.role === 'assistant' && message.toolCalls ? message.toolCalls : null,
      toolCallId: message.role === 'tool' ? message.toolCallId : null,
      toolName: message.role === 'tool' ? message.toolName : null,
      isError: message.role === 'tool' ? (message.isError ?? false) : false,
    })),
    toolCalls: parentsFirst.map((call) => toolCallDocument(run, call, now)),
    checkpoint: checkpointDocument(run, result),
  };
}

function toolCallDocument(run: ClaimedRun, call: StepResult['toolCalls'][number], now: Date): ToolCallDocument {
  const status = toLedgerStatus(call.status);
  const reason = status === 'rejected' ? call.result?.content.slice(0, 2_000) : undefined;
  const error =
    call.status === 'vetoed'
      ? { errorKind: 'vetoed', errorMessage: call.result?.content ?? 'Vetoed by a hook' }
      : call.status === 'rejected'
        ? { errorKind: 'rejected', errorMessage: reason ?? 'Rejected' }
        : status === 'failed'
          ? { errorKind: 'tool-failed', errorMessage: call.result?.content.slice(0, 2_000) ?? 'Tool failed' }
          : {};
  return {
    id: uuidv7(),
    callId: call.callId,
    name: call.name,
    implementationId: call.implementationId,
    sideEffects: call.sideEffects ?? 'unsafe',
    arguments: call.arguments,
    idempotencyKey: call.idempotencyKey,
    status,
    historyEntry: { status, at: now.toISOString(), attempt: run.attempt, ...(reason ? { reason } : {}) },
    ...(call.result ? { result: { content: call.result.content, isError: call.result.isError, data: call.result.data ?? null } } : {}),
    ...(call.result?.outputBytes === undefined ? {} : { outputBytes: call.result.outputBytes }),
    ...error,
    finished: status === 'succeeded' || status === 'failed' || status === 'rejected',
    vetoed: call.status === 'vetoed',
    ...(call.delegation ? { parentCallId: call.delegation.parentCallId, subAgent: call.delegation.agent, childInstanceId: call.delegation.instanceId } : {}),
  };
}

const writeOneStep = preparedStatementText('SELECT agentloom_write_step_rows($1::jsonb) AS result');

/**
 * Writes the step, its messages, its tool calls and its checkpoint (with retention) in one statement
 * inside the caller's transaction. Every write is keyed ((run, index), (run, call id), (run, seq)), so
 * replaying a step after a crash converges instead of duplicating. Returns the step's id.
 */
export async function writeStepRows(transaction: StatementRunner, document: StepRowsDocument): Promise<string> {
  const rows = await queryRows<{ result: unknown }>(transaction, writeOneStep, [JSON.stringify(document)]);
  return parseStepRowsResult(rows[0]?.result).stepId;
}

const writeStepsInOrder = preparedStatementText(
  'SELECT agentloom_write_step_rows(document.value) AS result, document.position FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS document(value, position) ORDER BY document.position',
);

/**
 * Several steps' rows in ONE statement, in order (a recorded replay's deferred steps and the step that
 * commits them, ADR 0071): `agentloom_write_step_rows` is called per document in array order, and, being
 * VOLATILE, each call sees what the calls before it wrote — each checkpoint prunes the one before as
 * separate statements would. Returns the step ids in the documents' order.
 */
export async function writeStepRowsInOrder(transaction: StatementRunner, documents: readonly StepRowsDocument[]): Promise<string[]> {
  if (documents.length === 1) return [await writeStepRows(transaction, documents[0]!)];
  const rows = await queryRows<{ result: unknown; position: number | string }>(transaction, writeStepsInOrder, [JSON.stringify(withoutSupersededCheckpoints(documents))]);
  if (rows.length !== documents.length) throw new Error(`Wrote ${rows.length} of ${documents.length} steps`);
  return rows.map((row) => parseStepRowsResult(row.result).stepId);
}

/**
 * The documents as one statement writes them (ADR 0087): a checkpoint the next document's write would
 * prune anyway is left out (JSON null), so it is neither parsed, stored nor deleted. Every checkpoint
 * write prunes all earlier `latest` ones, so a left-out `latest` checkpoint would not have survived the
 * statement. Kept: the last document's; one retained for another reason (an approval point); one whose
 * own write marks the checkpoint before it to keep (before a failure); and one the next document marks.
 */
export function withoutSupersededCheckpoints(documents: readonly StepRowsDocument[]): Array<Omit<StepRowsDocument, 'checkpoint'> & { checkpoint: StepRowsDocument['checkpoint'] | null }> {
  return documents.map((document, position) => {
    const next = documents[position + 1];
    const superseded =
      next !== undefined &&
      document.checkpoint.retainedFor === 'latest' &&
      !document.checkpoint.markPreviousBeforeFailure &&
      !next.checkpoint.markPreviousBeforeFailure;
    return superseded ? { ...document, checkpoint: null } : document;
  });
}

function stepKind(result: StepResult): string {
  const types = new Set(result.events.map((event) => event.type));
  if (types.has('model-call-finished')) return 'model_call';
  if (types.has('tool-call-started')) return 'tool_call';
  if (types.has('compaction-applied')) return 'compaction';
  return 'model_call';
}
