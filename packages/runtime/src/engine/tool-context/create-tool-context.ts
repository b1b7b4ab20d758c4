import { idempotencyKeyFor } from './idempotency-key';
import type { PendingCall } from '../../checkpoint/checkpoint-schema';
import type { JsonObject } from '../../contracts/json';
import type { ToolContext } from '../../contracts/tool-context';
import { jsonClone } from '../../util/deep-freeze';
import { storableJson, storableText } from '../../util/storable-text';
import type { EngineServices } from '../engine-services';
import type { RunState } from '../run-state';
import type { StepRecorder } from '../step-recorder';
import { createChildrenAccess } from './children-access';
import { createInvocationStateAccess } from './invocation-state-access';
import { createMemoryAccess } from './memory-access';
import { createPlanAccess } from './plan-access';

/** Builds the narrow context one handler call receives; nothing else of the engine is reachable from it. */
export function createToolContext(services: EngineServices, state: RunState, recorder: StepRecorder, call: PendingCall, signal: AbortSignal): ToolContext {
  return {
    instanceId: state.instanceId,
    callId: call.id,
    idempotencyKey: idempotencyKeyFor(state.instanceId, call.id),
    workspacePath: services.workspacePath,
    signal,
    config: services.frozenConfig,
    // What a handler emits or cites is stored with the step's events: NUL and lone surrogates become
    // U+FFFD, as in its result (`boundToolOutput`), or the step's commit would fail.
    emit(observation) {
      recorder.emit('tool-observation-emitted', {
        callId: call.id,
        toolName: call.name,
        kind: storableText(observation.kind),
        data: (observation.data === undefined ? null : jsonClone(storableJson(observation.data).value)) as JsonObject[string],
      });
    },
    plan: createPlanAccess(services, state),
    children: createChildrenAccess(services, state, recorder, call, signal),
    citations: {
      record(citation) {
        const copy = jsonClone(storableJson(citation).value as typeof citation);
        recorder.citations.push(copy);
        recorder.emit('citation-recorded', { callId: call.id, ...copy });
      },
    },
    invocation: createInvocationStateAccess(services, state, call),
    memory: createMemoryAccess(services),
    waits: services.waits ? { wait: (request) => services.waits!.register(state.instanceId, call.id, request) } : undefined,
  };
}
