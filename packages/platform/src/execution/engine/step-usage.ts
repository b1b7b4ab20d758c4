import type { StepResult } from '@agentloom/runtime';

import type { NewRunEvent } from '../../events/run-event';
import { toRunEvents } from './engine-events';

/** The engine's events for the log; approval requests are written with their approval rows instead. */
export function stepEventsOf(result: StepResult): NewRunEvent[] {
  return toRunEvents(result.events).filter((event) => event.type !== 'approval-requested');
}

/** What a step adds to its run's counters. */
export function usageCountsOf(result: StepResult) {
  return {
    modelCalls: result.events.filter((event) => event.type === 'model-call-finished').length,
    toolCallCount: result.toolCalls.filter((call) => call.status === 'succeeded' || call.status === 'failed').length,
    inputTokens: result.usage.inputTokens,
    outputTokens: result.usage.outputTokens,
    costUsd: result.usage.costUsd ?? 0,
  };
}
