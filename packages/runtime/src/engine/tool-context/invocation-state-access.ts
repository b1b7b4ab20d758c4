import type { PendingCall } from '../../checkpoint/checkpoint-schema';
import type { JsonValue } from '../../contracts/json';
import type { InvocationStateAccess } from '../../contracts/tool-context';
import { ToolStatePersistenceError } from '../../errors';
import { jsonClone } from '../../util/deep-freeze';
import type { EngineServices } from '../engine-services';
import type { RunState } from '../run-state';

/** Per-call private state kept on the pending call (so it rides on the checkpoint) and saved on every set. */
export function createInvocationStateAccess(services: EngineServices, state: RunState, call: PendingCall): InvocationStateAccess {
  return {
    get: (key) => {
      const value = call.invocationState[key];
      return value === undefined ? undefined : jsonClone(value);
    },
    async set(key, value: JsonValue) {
      const hadKey = Object.hasOwn(call.invocationState, key);
      const previous = call.invocationState[key];
      call.invocationState[key] = jsonClone(value);
      try {
        await services.toolStateStore?.saveInvocationState(state.instanceId, call.id, jsonClone(call.invocationState));
      } catch (error) {
        if (hadKey) call.invocationState[key] = previous as JsonValue;
        else delete call.invocationState[key];
        throw new ToolStatePersistenceError(`Saving invocation state for call ${call.id} failed; the change was reverted`, error);
      }
    },
  };
}
