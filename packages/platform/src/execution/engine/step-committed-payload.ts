import type { StepResult } from '@agentloom/runtime';

import { isFailedToolCall } from '../../inspection/step-tool-summaries';
import type { StepRowsDocument } from './write-step-rows';

/**
 * What a timeline row shows about a committed step, carried by its `step-committed` event so a
 * page that follows the run draws the row from the event at once instead of after a refetch
 * (ADR 0060). Small on purpose: numbers, times and the tool calls' names and statuses — never
 * messages, arguments or results. The page still reads the row from the database afterwards,
 * which stays the truth; this is what it shows meanwhile.
 */
export interface StepCommittedRow {
  kind: string;
  status: string;
  inputTokens: number;
  outputTokens: number;
  /** Null when the model's prices are unknown or the step called no model (as `RunStepView.costUsd`). */
  costUsd: number | null;
  startedAt: string;
  finishedAt: string;
  toolCalls: { name: string; status: string }[];
  hasError: boolean;
  approval: string | null;
}

/** The `step-committed` payload (without the step's id, which the commit adds). */
export interface StepCommittedPayload {
  step: number;
  next: string;
  checkpointBytes: number;
  row: StepCommittedRow;
}

/** `approvalsAsked`: whether the commit creates the step's approval requests (not when a cancel won). */
export function stepCommittedPayload(rows: StepRowsDocument, result: StepResult, approvalsAsked: boolean): StepCommittedPayload {
  const toolCalls = rows.toolCalls.map((call) => ({ name: call.name, status: call.status }));
  const requests = approvalsAsked && result.next.type === 'approval-request' ? result.next.requests : [];
  for (const request of requests) {
    // A request whose call has no row in this step's document gets its row with the approval.
    if (!rows.toolCalls.some((call) => call.callId === request.callId)) toolCalls.push({ name: request.toolName, status: 'awaiting_approval' });
  }
  const calledModel = rows.step.inputTokens + rows.step.outputTokens > 0;
  const priced = result.usage.costUsd !== undefined;
  return {
    step: result.step,
    next: result.next.type,
    checkpointBytes: rows.checkpoint.byteSize,
    row: {
      kind: rows.step.kind,
      status: rows.step.status,
      inputTokens: rows.step.inputTokens,
      outputTokens: rows.step.outputTokens,
      costUsd: rows.step.costUsd > 0 || (priced && calledModel) ? rows.step.costUsd : null,
      startedAt: rows.step.startedAt,
      finishedAt: rows.now,
      toolCalls,
      hasError: rows.step.status === 'interrupted' || rows.toolCalls.some((call) => isFailedToolCall({ status: call.status, errorKind: call.errorKind ?? null })),
      approval: requests.length > 0 ? 'pending' : null,
    },
  };
}
