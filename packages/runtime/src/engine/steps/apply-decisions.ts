import type { PendingCall } from '../../checkpoint/checkpoint-schema';
import type { ApprovalDecision } from '../../contracts/approval';
import type { JsonObject } from '../../contracts/json';
import { ValidationError } from '../../errors';
import { childCallIdOf } from '../delegation/forward-child-step';
import type { EngineServices } from '../engine-services';
import type { StepRecorder } from '../step-recorder';

/**
 * Applies human decisions to calls awaiting approval. Every waiting call needs exactly one decision;
 * a rejection's reason becomes the result the model reads; edited arguments are validated again.
 * Decisions for a suspended sub-agent's calls (qualified ids) are kept on its delegating call; the
 * sub-agent applies them itself when it resumes.
 *
 * Decisions that name no waiting call, or miss one, are the host's mistake and throw. Edited
 * arguments that do not fit the tool's schema are the reviewer's, and hosts check them when the
 * decision is made; one that still arrives (a tool whose schema the host could not see) rejects the
 * call with the validation message, which the model reads, instead of failing the run.
 */
export function applyDecisions(services: EngineServices, recorder: StepRecorder, pendingCalls: PendingCall[], decisions: readonly ApprovalDecision[]): void {
  const waiting = pendingCalls.filter((call) => call.status === 'awaiting-approval');
  const childOwners = new Map<string, PendingCall>();
  for (const call of pendingCalls) {
    if (call.child && call.child.decisions.length === 0) for (const request of call.child.requests) childOwners.set(request.callId, call);
  }
  const byId = new Map(decisions.map((decision) => [decision.callId, decision]));
  const unknown = decisions.filter((decision) => !waiting.some((call) => call.id === decision.callId) && !childOwners.has(decision.callId));
  if (unknown.length > 0)
    throw new ValidationError(`Decisions for calls that are not awaiting approval: ${unknown.map((decision) => decision.callId).join(', ')}`);
  const missing = [...waiting.map((call) => call.id), ...childOwners.keys()].filter((callId) => !byId.has(callId));
  if (missing.length > 0) throw new ValidationError(`Missing decisions for calls: ${missing.join(', ')}`);
  for (const [callId, owner] of childOwners) {
    const decision = byId.get(callId)!;
    const childCallId = childCallIdOf(callId, { parentCallId: owner.id, instanceId: owner.child!.instanceId });
    owner.child!.decisions.push({ ...decision, callId: childCallId } as NonNullable<PendingCall['child']>['decisions'][number]);
  }
  for (const call of waiting) {
    const decision = byId.get(call.id)!;
    if (decision.decision === 'reject') {
      call.status = 'rejected';
      call.rejectionReason = `Rejected by reviewer: ${decision.reason}`;
    } else if (decision.decision === 'edit') {
      const validation = services.registry.validate(call.name, decision.arguments);
      if (!validation.ok) {
        // The proposal's arguments stay: neither they nor the edit ran.
        call.status = 'rejected';
        call.rejectionReason = editRefusedReason(validation.message);
        recorder.emit('approval-decided', { callId: call.id, toolName: call.name, decision: 'edit', refused: true, reason: call.rejectionReason });
        continue;
      }
      call.arguments = decision.arguments as JsonObject;
      call.status = 'approved';
    } else {
      call.status = 'approved';
    }
    recorder.emit('approval-decided', {
      callId: call.id,
      toolName: call.name,
      decision: decision.decision,
      ...(decision.decision === 'reject' ? { reason: decision.reason } : {}),
    });
  }
}

/** What the model reads when a reviewer's edit did not fit the tool's schema. */
function editRefusedReason(validationMessage: string): string {
  return `The reviewer edited the arguments, but the edit does not fit the tool's input schema, so the call did not run. ${validationMessage}`;
}
