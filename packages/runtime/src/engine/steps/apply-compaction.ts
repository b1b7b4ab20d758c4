import type { PreparedContext } from '../../contracts/context-manager';
import { jsonClone } from '../../util/deep-freeze';
import type { EngineServices } from '../engine-services';
import type { RunState } from '../run-state';
import type { StepRecorder } from '../step-recorder';
import { createAuxiliaryModelCall } from './auxiliary-model-call';

/**
 * Asks the compaction policy whether to shrink the view. The policy gets a working copy; the context
 * manager validates the cut (system message kept, no tool pair split) before applying it.
 * Returns the view to use for the model call.
 */
export async function applyCompaction(services: EngineServices, state: RunState, recorder: StepRecorder, signal: AbortSignal, prepared: PreparedContext): Promise<PreparedContext> {
  const { compaction, context } = services.modules;
  const modelCall = createAuxiliaryModelCall(services, state, recorder, signal);
  const result = await compaction.compact(
    {
      instanceId: state.instanceId,
      task: context.task(),
      plan: state.plan ? jsonClone(state.plan) : null,
      // A fresh array of frozen journal messages: the policy can neither reorder nor edit the view.
      messages: [...prepared.messages],
      messageIndexes: [...prepared.messageIndexes],
      turnsSinceCompaction: prepared.turnsSinceCompaction,
      summary: prepared.summary,
    },
    modelCall,
  );
  if (!result) return prepared;
  context.applyCompaction(result);
  recorder.emit('compaction-applied', {
    moduleId: compaction.moduleId,
    cutoffIndex: result.cutoffIndex,
    tokensBefore: result.tokensBefore,
    tokensAfter: result.tokensAfter,
  });
  return context.prepare();
}
