import type { ApprovalRequest } from '../../contracts/approval';
import type { RuntimeEventType } from '../../contracts/events';
import type { DelegationIdentity } from '../../contracts/hooks';
import type { JsonObject } from '../../contracts/json';
import type { StepRecorder } from '../step-recorder';
import type { StepResult } from '../step-result';
import { idempotencyKeyFor } from '../tool-context/idempotency-key';

/**
 * Separates the parts of a sub-agent's qualified call id. A provider's call id never contains it
 * (`normalizeResponse` gives such a call a fresh id), so no call a model names can take the id of a
 * sub-agent's call, its ledger row or its approval (ADR 0105).
 */
export const qualifiedCallIdSeparator = '/';

/**
 * A sub-agent's call id as the parent's ledger, events and approvals know it: unique within the run.
 * The sub-agent instance is part of it (`<parentCall>/child-<n>/<childCall>`): one delegating call may
 * run several sub-agents, whose models number their calls alike (every demo child's first call is
 * `demo-0-0`), and two calls under one id shared a ledger row and an approval — a decision given for
 * one call's arguments ran the other's.
 */
export function qualifiedCallId(delegation: Pick<DelegationIdentity, 'parentCallId' | 'instanceId'>, childCallId: string): string {
  return [delegation.parentCallId, instanceSegment(delegation.instanceId), childCallId].join(qualifiedCallIdSeparator);
}

/**
 * The child's own call id inside a qualified one. A checkpoint saved before the instance was part of
 * the id holds `<parentCall>/<childCall>`, which is read the old way.
 */
export function childCallIdOf(qualified: string, delegation: Pick<DelegationIdentity, 'parentCallId' | 'instanceId'>): string {
  const current = `${delegation.parentCallId}/${instanceSegment(delegation.instanceId)}/`;
  return qualified.startsWith(current) ? qualified.slice(current.length) : qualified.slice(delegation.parentCallId.length + 1);
}

/** `child-<n>`: the last segment of a sub-agent's instance id (`<parentInstance>/child-<n>`). */
function instanceSegment(instanceId: string): string {
  return instanceId.slice(instanceId.lastIndexOf('/') + 1);
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
  recorder.emit('child-run-finished', {
    outcome: 'awaiting-approval',
    callIds: requests.map((request) => qualifiedCallId(delegation, request.callId)),
    delegation: { ...delegation },
  });
}
