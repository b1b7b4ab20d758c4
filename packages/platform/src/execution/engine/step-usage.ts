import type { StepResult } from '@agentloom/runtime';

import type { NewRunEvent } from '../../events/run-event';
import { toRunEvents } from './engine-events';

/** The engine's events for the log; approval requests are written with their approval rows instead. */
export function stepEventsOf(result: StepResult): NewRunEvent[] {
  return toRunEvents(result.events).filter((event) => event.type !== 'approval-requested');
}

/** What a step adds to its run's counters. */
export function usageCountsOf(result: StepResult) {
  const served = servedUsageOf(result);
  return {
    modelCalls: result.events.filter((event) => event.type === 'model-call-finished').length,
    toolCallCount: result.toolCalls.filter((call) => call.status === 'succeeded' || call.status === 'failed').length,
    inputTokens: result.usage.inputTokens,
    outputTokens: result.usage.outputTokens,
    costUsd: result.usage.costUsd ?? 0,
    servedTokens: served.inputTokens + served.outputTokens,
    servedCostUsd: served.costUsd,
  };
}

/** What a step spent: its usage without the replies served from a recording (ADR 0083), for the usage metrics. */
export function spentUsageOf(result: StepResult): { inputTokens: number; outputTokens: number; costUsd: number } {
  const served = servedUsageOf(result);
  return {
    inputTokens: result.usage.inputTokens - served.inputTokens,
    outputTokens: result.usage.outputTokens - served.outputTokens,
    costUsd: (result.usage.costUsd ?? 0) - served.costUsd,
  };
}

/**
 * The part of a step's usage that replies served from a recording reported (`served: true` on their
 * `model-call-finished`, ADR 0083): counted on the run, never billed to a budget nor counted as spent.
 */
function servedUsageOf(result: StepResult): { inputTokens: number; outputTokens: number; costUsd: number } {
  const served = { inputTokens: 0, outputTokens: 0, costUsd: 0 };
  for (const event of result.events) {
    if (event.type !== 'model-call-finished') continue;
    const call = event.data as { served?: unknown; usage?: { inputTokens?: unknown; outputTokens?: unknown; costUsd?: unknown } };
    if (call.served !== true) continue;
    served.inputTokens += numberOrZero(call.usage?.inputTokens);
    served.outputTokens += numberOrZero(call.usage?.outputTokens);
    served.costUsd += numberOrZero(call.usage?.costUsd);
  }
  return served;
}

function numberOrZero(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}
