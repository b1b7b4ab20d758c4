import type { PreparedContext } from '../../contracts/context-manager';
import type { EngineServices } from '../engine-services';
import type { RunState } from '../run-state';
import type { StepRecorder } from '../step-recorder';

/** Moves queued input into the transcript and builds the visible view; hooks see the result. */
export async function prepareContext(services: EngineServices, state: RunState, recorder: StepRecorder): Promise<PreparedContext> {
  const { context, hooks } = services.modules;
  recorder.append(...context.drainInputs());
  const prepared = context.prepare();
  await hooks.contextPrepared({ instanceId: state.instanceId, step: recorder.step, messages: prepared.messages });
  return prepared;
}
