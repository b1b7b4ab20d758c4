import type { PendingCall } from '../../checkpoint/checkpoint-schema';
import type { ApprovalRequest } from '../../contracts/approval';
import type { JsonObject } from '../../contracts/json';
import type { ToolCallRequest } from '../../contracts/messages';
import type { EngineServices } from '../engine-services';
import type { RunState } from '../run-state';
import type { StepRecorder } from '../step-recorder';
import { strategyState } from './strategy-state';

/**
 * Decides each proposed call's fate before anything runs: unknown tool or invalid arguments and
 * strategy refusals become error results; calls whose approval rule fires wait for a human; the rest
 * are ready. The whole batch becomes the run's pending calls.
 */
export function authorizeTools(services: EngineServices, state: RunState, recorder: StepRecorder, calls: readonly ToolCallRequest[]): ApprovalRequest[] {
  const approvalRequests: ApprovalRequest[] = [];
  const pending: PendingCall[] = calls.map((call) => {
    recorder.emit('tool-call-proposed', { callId: call.id, toolName: call.name, arguments: call.arguments as JsonObject });
    const base = { id: call.id, name: call.name, arguments: call.arguments as JsonObject, invocationState: {} };
    const tool = services.registry.resolve(call.name);
    const validation = services.registry.validate(call.name, call.arguments);
    if (!tool || !validation.ok) return { ...base, status: 'rejected', rejectionReason: validation.ok ? `Unknown tool "${call.name}"` : validation.message };
    const authorization = services.modules.strategy.authorizeTool({ ...call, arguments: validation.value }, strategyState(services, state));
    if (!authorization.allowed) return { ...base, status: 'rejected', rejectionReason: authorization.reason };
    if (needsApproval(services, { ...call, arguments: validation.value })) {
      approvalRequests.push({ callId: call.id, toolName: call.name, arguments: call.arguments, implementationId: tool.implementationId, sideEffects: tool.sideEffects });
      return { ...base, status: 'awaiting-approval' };
    }
    return { ...base, status: 'ready' };
  });
  state.pendingCalls = pending;
  for (const request of approvalRequests) {
    recorder.emit('approval-requested', { callId: request.callId, toolName: request.toolName, implementationId: request.implementationId, sideEffects: request.sideEffects });
  }
  return approvalRequests;
}

function needsApproval(services: EngineServices, call: ToolCallRequest): boolean {
  const rule = services.approvals[call.name] ?? 'never';
  if (rule === 'always') return true;
  if (rule === 'never') return false;
  return rule(call);
}
