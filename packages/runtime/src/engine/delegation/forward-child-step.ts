import type { ApprovalRequest } from '../../contracts/approval';
import type { RuntimeEventType } from '../../contracts/events';
import type { DelegationIdentity } from '../../contracts/hooks';
import type { JsonObject } from '../../contracts/json';
import type { StepRecorder } from '../step-recorder';
import type { StepResult } from '../step-result';
import { idempotencyKeyFor } from '../tool-context/idempotency-key';

/** A sub-agent's call id as the parent's ledger, events and approvals know it: unique within the run. */
export function qualifiedCallId(delegation: DelegationIdentity, childCallId: string): string {
  return `${delegation.parentCallId}/${childCallId}`;
}

/** The parent-level approval request for a child's call. */
export function qualifiedRequest(delegation: DelegationIdentity, request: ApprovalRequest): ApprovalRequest {
  return { ...request, callId: qualifiedCallId(delegation, request.callId), requestedBy: { agent: delegation.agent, parentCallId: delegation.parentCallId } };
}

/** Per-step bookkeeping of the child that would only be noise in the parent's log. */
const notForwarded = new Set<RuntimeEventType>(['step-started', 'checkpoint-saved', 'text-delta']);

/**
 * Adds one child step to the parent's step: its usage (tokens and cost count for the run), its tool
 * call records (the ledger rows, linked to the delegating call) and its events (re-sequenced in the
 * parent's log, call ids qualified, `delegation` attached; the child's run start/end renamed).
 */
export function forwardChildStep(recorder: StepRecorder, delegation: DelegationIdentity, result: StepResult): void {
  recorder.addUsage(result.usage);
  for (const event of result.events) {
    if (notForwarded.has(event.type)) continue;
    const type: RuntimeEventType = event.type === 'run-started' ? 'child-run-started' : event.type === 'run-finished' ? 'child-run-finished' : event.type;
    const callId = event.data['callId'];
    const data: JsonObject = typeof callId === 'string' ? { ...event.data, callId: qualifiedCallId(delegation, callId) } : { ...event.data };
    recorder.emit(type, { ...data, delegation: { ...delegation }, childStep: event.step });
  }
  for (const record of result.toolCalls) recorder.toolCalls.push({ ...record, callId: qualifiedCallId(delegation, record.callId), delegation });
  recorder.citations.push(...result.citations);
}

/**
 * The child's calls waiting for a human become ledger records of the parent's step, so the host
 * writes their rows (linked to the delegating call) before it creates their approvals.
 */
export function recordAwaitingChildCalls(recorder: StepRecorder, delegation: DelegationIdentity, requests: readonly ApprovalRequest[]): void {
  for (const request of requests) {
    recorder.toolCalls.push({
      callId: qualifiedCallId(delegation, request.callId),
      name: request.toolName,
      arguments: request.arguments,
      implementationId: request.implementationId,
      sideEffects: request.sideEffects,
      idempotencyKey: idempotencyKeyFor(delegation.instanceId, request.callId),
      status: 'awaiting-approval',
      delegation,
    });
  }
  recorder.emit('child-run-finished', { outcome: 'awaiting-approval', callIds: requests.map((request) => qualifiedCallId(delegation, request.callId)), delegation: { ...delegation } });
}
