import type { PendingCall, RecordedRoutingDecision } from '../checkpoint/checkpoint-schema';
import type { Plan } from '../contracts/plan';

/** Mutable control state of the active run: exactly what the checkpoint records, plus derived indexes. */
export interface RunState {
  instanceId: string;
  /** Steps completed (the step in progress is `stepNumber + 1`). */
  stepNumber: number;
  status: 'running' | 'awaiting-approval' | 'waiting' | 'completed' | 'interrupted';
  counters: {
    modelCalls: number;
    iterations: number;
    delegations: number;
    succeededToolCalls: number;
    failedToolCalls: number;
  };
  eventSequence: number;
  plan: Plan | null;
  pendingCalls: PendingCall[];
  routing: RecordedRoutingDecision[] | null;
  /** Every tool call id in the transcript; rebuilt from the transcript on resume, never checkpointed. */
  knownCallIds: Set<string>;
  /**
   * True while every model call of this execution was answered from a recording (a fresh recorded
   * replay that has not diverged, ADR 0071): its step boundaries skip the budget guard, since the
   * steps spend nothing. Never checkpointed: a resumed execution starts false and checks every boundary.
   */
  servedOnly: boolean;
}

export function createRunState(instanceId: string, routingEnabled: boolean, servesRecorded = false): RunState {
  return {
    instanceId,
    stepNumber: 0,
    status: 'running',
    counters: { modelCalls: 0, iterations: 0, delegations: 0, succeededToolCalls: 0, failedToolCalls: 0 },
    eventSequence: 0,
    plan: null,
    pendingCalls: [],
    // Without a router the stage is recorded as done, so it never runs on resume either.
    routing: routingEnabled ? null : [],
    knownCallIds: new Set(),
    servedOnly: servesRecorded,
  };
}
