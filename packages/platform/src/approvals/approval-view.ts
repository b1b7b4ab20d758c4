import type { Prisma } from '@agentloom/db';

import type { RunStatus } from '../runs/run.schema';
import { approvalKind, type ApprovalKind } from './approval-kind';
import type { ApprovalRow } from './approval-list-sql';

/** Characters of the run's input an approval carries: enough to tell two requests apart at a glance. */
export const approvalInputExcerptLength = 280;

export interface ApprovalView {
  id: string;
  runId: string;
  toolCallId: string;
  toolName: string;
  status: 'pending' | 'approved' | 'rejected' | 'expired';
  /**
   * What it asks: `gate` — may this call run (approve, reject or edit)? `outcome-question` — did this call, which
   * ran and whose executor stopped, complete (approve = it did, reject = it did not)? A question cannot be edited.
   */
  kind: ApprovalKind;
  requestReason: string;
  decisionReason: string | null;
  decidedBy: string | null;
  decidedAt: string | null;
  /** The arguments the model proposed. */
  originalArguments: Prisma.JsonValue;
  /**
   * The arguments an approver put in their place; null when there are none. A gate's edit is what the call runs
   * with; for a question about a call's outcome (`kind` `outcome-question`) it is what the call
   * ran with, kept from its gate — the call the operator is asked about — and such a question cannot be edited.
   */
  editedArguments: Prisma.JsonValue;
  expiresAt: string | null;
  /** When the request was made: a pending approval has been waiting since then. */
  createdAt: string;
  /** The run that asks: its status and the start of its input (two requests from one agent differ here). */
  run: {
    status: RunStatus;
    /** The input text (or its JSON when it is not `{ text }`), at most `approvalInputExcerptLength` characters. */
    inputExcerpt: string;
    /** True when the input is longer than the excerpt. */
    inputTruncated: boolean;
  };
  /** The agent and the version number the run executes (fixed when the run was created). */
  agent: { id: string; name: string; slug: string; version: number };
  /** The conversation the run continues; null for a run outside any thread. */
  thread: { id: string; title: string } | null;
}

export function toApprovalView(row: ApprovalRow): ApprovalView {
  return {
    id: row.id,
    runId: row.run_id,
    toolCallId: row.tool_call_id,
    toolName: row.tool_name,
    status: row.status,
    kind: approvalKind(row.request_reason),
    requestReason: row.request_reason,
    decisionReason: row.decision_reason,
    decidedBy: row.decided_by,
    decidedAt: row.decided_at?.toISOString() ?? null,
    originalArguments: row.original_arguments,
    editedArguments: row.edited_arguments,
    expiresAt: row.expires_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    run: { status: row.run_status as RunStatus, inputExcerpt: row.input_excerpt, inputTruncated: row.input_length > row.input_excerpt.length },
    agent: { id: row.agent_id, name: row.agent_name, slug: row.agent_slug, version: row.agent_version },
    thread: row.thread_id === null ? null : { id: row.thread_id, title: row.thread_title ?? '' },
  };
}
