import { jsonClone } from '../../util/deep-freeze';
import type { EngineServices } from '../engine-services';
import type { RunState } from '../run-state';
import type { StepRecorder } from '../step-recorder';
import type { NextStep } from '../step-result';
import { createAuxiliaryModelCall } from './auxiliary-model-call';
import { strategyState } from './strategy-state';

/**
 * A reply without tool calls is a candidate answer. The strategy may send feedback first (e.g. plan
 * items still open); otherwise the completion policy accepts it, asks to continue, or blocks the run.
 */
export async function reviewCompletion(services: EngineServices, state: RunState, recorder: StepRecorder, signal: AbortSignal, candidate: string): Promise<NextStep> {
  const { strategy, completion, context } = services.modules;
  const feedback = strategy.candidateFeedback(candidate, strategyState(services, state));
  if (feedback !== null) {
    recorder.emit('completion-reviewed', { moduleId: strategy.moduleId, decision: 'continue', reason: feedback });
    context.queueInput({ role: 'user', content: feedback });
    return { type: 'run-again' };
  }
  const decision = await completion.review(
    {
      instanceId: state.instanceId,
      task: context.task(),
      plan: state.plan ? jsonClone(state.plan) : null,
      candidate,
      messages: context.prepare().messages,
      evidence: { succeededToolCalls: state.counters.succeededToolCalls, failedToolCalls: state.counters.failedToolCalls },
    },
    createAuxiliaryModelCall(services, state, recorder, signal),
  );
  recorder.emit('completion-reviewed', { moduleId: completion.moduleId, decision: decision.decision, reason: decision.reason });
  if (decision.decision === 'complete') return { type: 'final-output', output: candidate };
  if (decision.decision === 'blocked') return { type: 'interrupted', reason: 'completion-blocked', message: decision.reason };
  context.queueInput({ role: 'user', content: decision.reason });
  return { type: 'run-again' };
}
