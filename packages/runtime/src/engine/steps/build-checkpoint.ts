import { checkpointFormatVersion, type Checkpoint } from '../../checkpoint/checkpoint-schema';
import { jsonClone } from '../../util/deep-freeze';
import type { EngineServices } from '../engine-services';
import type { RunState } from '../run-state';

/**
 * Control state only: bindings, counters, plan, pending calls, routing record and the context
 * manager's pointers. The transcript is persisted as messages by the host, never copied here.
 */
export function buildCheckpoint(services: EngineServices, state: RunState): Checkpoint {
  return {
    format: checkpointFormatVersion,
    instanceId: state.instanceId,
    step: state.stepNumber,
    status: state.status,
    bindings: services.bindings,
    counters: { ...state.counters },
    eventSequence: state.eventSequence,
    plan: state.plan ? jsonClone(state.plan) : null,
    pendingCalls: jsonClone(state.pendingCalls),
    context: services.modules.context.snapshot(),
    routing: state.routing ? jsonClone(state.routing) : null,
  };
}
