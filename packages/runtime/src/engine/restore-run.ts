import { parseCheckpoint } from '../checkpoint/serialize';
import { verifyBindings } from '../checkpoint/verify-bindings';
import { EngineStateError } from '../errors';
import type { ResumeOptions } from './run-options';
import type { EngineServices } from './engine-services';
import type { RunState } from './run-state';
import { StepRecorder } from './step-recorder';
import { applyDecisions } from './steps/apply-decisions';

/** Validates the checkpoint and bindings, rebuilds run state and the context journal, applies decisions. */
export function restoreRun(services: EngineServices, options: ResumeOptions): { state: RunState; recorder: StepRecorder } {
  const checkpoint = parseCheckpoint(options.checkpoint);
  verifyBindings(checkpoint.bindings, services.bindings);
  if (checkpoint.status === 'completed' && options.input === undefined) {
    throw new EngineStateError(`Run ${checkpoint.instanceId} is completed; resume it with new input to continue`);
  }
  const { context } = services.modules;
  context.restore(checkpoint.context, options.messages);
  const state: RunState = {
    instanceId: checkpoint.instanceId,
    stepNumber: checkpoint.step,
    status: 'running',
    // Budgets are per execution and start again; delegations and evidence are per run and carry over.
    counters: { ...checkpoint.counters, modelCalls: 0, iterations: 0 },
    eventSequence: checkpoint.eventSequence,
    plan: checkpoint.plan,
    pendingCalls: checkpoint.pendingCalls,
    routing: checkpoint.routing,
    knownCallIds: new Set(options.messages.flatMap((message) => (message.role === 'assistant' ? (message.toolCalls ?? []).map((call) => call.id) : []))),
    // A resumed recorded replay may have diverged before it paused: every boundary asks the guard.
    servedOnly: false,
  };
  const recorder = new StepRecorder(state, context, services.bus, services.clock);
  if (options.decisions && options.decisions.length > 0) applyDecisions(services, recorder, state.pendingCalls, options.decisions);
  if (options.input !== undefined) context.queueInput({ role: 'user', content: options.input });
  return { state, recorder };
}
