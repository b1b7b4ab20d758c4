import { canonicalJson } from '@agentloom/runtime';

import { approvalKind } from '../../approvals/approval-kind';

/**
 * A step asks approval for a call whose id already names another call of the run: its ledger row, or its
 * approval, is another call's (another tool, a call that already ran, a decided gate, an outcome question).
 * Kind `call-id-collision`: the step commit fails with nothing written and the run fails with this kind, rather
 * than show a reviewer one call and run another on their decision (ADR 0105).
 */
export class CallIdCollisionError extends Error {
  override readonly name = 'CallIdCollisionError';
  readonly kind = 'call-id-collision';

  constructor(
    readonly runId: string,
    readonly callId: string,
    detail: string,
  ) {
    super(`Run ${runId}: call ${callId} asks for approval, but ${detail}; refusing to reuse it`);
  }
}

/** What a gated call asks for: the tool, by name and implementation, and its arguments. */
export interface GatedRequest {
  callId: string;
  toolName: string;
  implementationId: string;
  arguments: unknown;
}

/** The ledger row found under the request's call id. */
export interface LedgerRowFound {
  name: string;
  implementationId: string;
  arguments: unknown;
  status: string;
  statusHistory: unknown;
}

/**
 * The ledger row found for a gated call must be this call's own: the same tool (name and implementation id),
 * the same arguments, and never anything but awaiting its approval. A row this step wrote for a sub-agent's
 * awaiting call, or the row of this call asked again, is that; a row whose history holds another status is a
 * call that was decided or ran (the step's own row write may just have set it back to `awaiting_approval`).
 */
export function assertLedgerRowIsThisCall(runId: string, request: GatedRequest, row: LedgerRowFound): void {
  const sameCall = row.name === request.toolName && row.implementationId === request.implementationId && canonicalJson(row.arguments) === canonicalJson(request.arguments);
  const onlyAwaiting = row.status === 'awaiting_approval' && historyStatuses(row.statusHistory).every((status) => status === 'awaiting_approval');
  if (sameCall && onlyAwaiting) return;
  throw new CallIdCollisionError(
    runId,
    request.callId,
    `its call id's ledger row is another call (${row.name}, ${row.implementationId}, ${historyStatuses(row.statusHistory).join(' → ') || row.status}) than ${request.toolName} (${request.implementationId}) with these arguments`,
  );
}

/** The approval found for a gated call: its status, the arguments it was asked for, and its reason (which tells its kind). */
export interface ApprovalFound {
  status: string;
  originalArguments: unknown;
  requestReason: string;
}

/**
 * The approval found for a call must be this call's own gate: pending, for these arguments, and a gate, not
 * the question about another call's outcome (answering "it completed" would run this call). Anything else
 * under that id is another call — its approval already decided, or asked with other arguments — so reusing it
 * would run this call on a decision a human gave for that one (ADR 0105).
 */
export function assertApprovalIsThisCall(runId: string, request: GatedRequest, approval: ApprovalFound): void {
  if (approvalKind(approval.requestReason) !== 'gate') {
    throw new CallIdCollisionError(runId, request.callId, `its call id's approval is a question about another call's outcome (${approval.status})`);
  }
  if (approval.status === 'pending' && canonicalJson(approval.originalArguments) === canonicalJson(request.arguments)) return;
  throw new CallIdCollisionError(runId, request.callId, `its call id's approval is already ${approval.status} for other arguments or another call`);
}

function historyStatuses(history: unknown): string[] {
  if (!Array.isArray(history)) return [];
  return history.map((entry) => (typeof entry === 'object' && entry !== null && typeof (entry as { status?: unknown }).status === 'string' ? (entry as { status: string }).status : 'unknown'));
}
