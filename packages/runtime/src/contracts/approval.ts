import type { ToolCallRequest } from './messages';

/**
 * Per-tool approval rule: `always` pauses the run for a human, `never` runs directly, a predicate
 * decides from the parsed, validated arguments.
 */
export type ApprovalRule = 'always' | 'never' | ((call: ToolCallRequest) => boolean);

/** A call waiting for a human decision, as shown in the approval inbox. */
export interface ApprovalRequest {
  callId: string;
  toolName: string;
  arguments: Record<string, unknown>;
  implementationId: string;
  sideEffects: 'none' | 'idempotent' | 'unsafe';
  /**
   * Set when a sub-agent asked: `callId` is then `<parentCallId>/<childCallId>` and the parent run
   * waits with the child suspended in its checkpoint.
   */
  requestedBy?: { agent: string; parentCallId: string };
}

/**
 * A human decision. `reject.reason` becomes the tool result the model reads; `edit` replaces the
 * arguments (validated again) and approves.
 */
export type ApprovalDecision =
  | { callId: string; decision: 'approve' }
  | { callId: string; decision: 'reject'; reason: string }
  | { callId: string; decision: 'edit'; arguments: Record<string, unknown> };
