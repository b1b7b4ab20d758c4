import type { ApprovalRequest } from '../contracts/approval';
import { budgetPausedMessage, LimitExceededError } from '../errors';
import type { EngineServices } from './engine-services';
import type { RunState } from './run-state';
import type { StepRecorder } from './step-recorder';
import type { NextStep } from './step-result';
import { applyCompaction } from './steps/apply-compaction';
import { authorizeTools } from './steps/authorize-tools';
import { checkBudget } from './steps/check-budget';
import { executeTools, type BatchOutcome } from './steps/execute-tools';
import { invokeModel } from './steps/invoke-model';
import { normalizeResponse } from './steps/normalize-response';
import { prepareContext } from './steps/prepare-context';
import { reviewCompletion } from './steps/review-completion';
import { routeTask } from './steps/route-task';

/**
 * One loop step. Either finishes a pending tool batch (after approval or resume), or runs
 * prepare → compact → model call → validate → authorize → execute / review.
 */
export async function advanceRun(services: EngineServices, state: RunState, recorder: StepRecorder, signal: AbortSignal): Promise<NextStep> {
  const waiting = waitingRequests(services, state);
  if (waiting.length > 0) return { type: 'approval-request', requests: waiting };
  // The step boundary: a run whose budget ran out stops here, before it spends anything more; a
  // pausing budget parks it here (no waits: only an operator's resume wakes it).
  const pausing = await checkBudget(services, state, recorder, 'step-boundary');
  if (pausing) return { type: 'wait', waits: [], budgetPause: { ...pausing, message: budgetPausedMessage(pausing) } };
  if (state.pendingCalls.length > 0) return afterTools(services, state, await executeTools(services, state, recorder, signal));
  if (state.counters.iterations >= services.limits.maxIterations) throw new LimitExceededError('maxIterations', services.limits.maxIterations);
  state.counters.iterations += 1;
  await routeTask(services, state, recorder, signal);
  const routedApprovals = waitingRequests(services, state);
  if (routedApprovals.length > 0) return { type: 'approval-request', requests: routedApprovals };
  const prepared = await applyCompaction(services, state, recorder, signal, await prepareContext(services, state, recorder));
  const response = await invokeModel(services, state, recorder, signal, { purpose: 'action', messages: prepared.messages, tools: services.registry.definitions() });
  const assistant = normalizeResponse(response, state.knownCallIds);
  recorder.append(assistant);
  services.modules.context.recordTurn();
  const calls = assistant.toolCalls ?? [];
  if (calls.length === 0) return reviewCompletion(services, state, recorder, signal, assistant.content);
  const approvals = authorizeTools(services, state, recorder, calls);
  if (approvals.length > 0) return { type: 'approval-request', requests: approvals };
  return afterTools(services, state, await executeTools(services, state, recorder, signal));
}

/** A batch held open by a sub-agent waiting for approval pauses the parent with the child's requests; one with parked calls waits. */
function afterTools(services: EngineServices, state: RunState, batch: BatchOutcome): NextStep {
  if (batch.kind === 'paused') return { type: 'approval-request', requests: waitingRequests(services, state) };
  if (batch.kind === 'waiting') return { type: 'wait', waits: batch.waits };
  return { type: 'run-again' };
}

/** Approval requests for calls still waiting for a decision, a suspended sub-agent's included. */
function waitingRequests(services: EngineServices, state: RunState): ApprovalRequest[] {
  return state.pendingCalls.flatMap((call): ApprovalRequest[] => {
    if (call.child && call.child.decisions.length === 0) return call.child.requests;
    if (call.status !== 'awaiting-approval') return [];
    const tool = services.registry.resolve(call.name);
    return [{ callId: call.id, toolName: call.name, arguments: call.arguments, implementationId: tool?.implementationId ?? '', sideEffects: tool?.sideEffects ?? 'unsafe' }];
  });
}
