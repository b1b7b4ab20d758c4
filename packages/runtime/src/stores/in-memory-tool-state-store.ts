import type { JsonValue } from '../contracts/json';
import type { Plan } from '../contracts/plan';
import type { ToolStateStore } from '../contracts/stores';
import { jsonClone } from '../util/deep-freeze';

/** Reference ToolStateStore, also handy for asserting what handlers saved. */
export class InMemoryToolStateStore implements ToolStateStore {
  readonly plans = new Map<string, Plan>();
  readonly invocationStates = new Map<string, Record<string, JsonValue>>();

  savePlan(instanceId: string, plan: Plan): Promise<void> {
    this.plans.set(instanceId, jsonClone(plan));
    return Promise.resolve();
  }

  saveInvocationState(instanceId: string, callId: string, state: Record<string, JsonValue>): Promise<void> {
    this.invocationStates.set(`${instanceId}:${callId}`, jsonClone(state));
    return Promise.resolve();
  }
}
