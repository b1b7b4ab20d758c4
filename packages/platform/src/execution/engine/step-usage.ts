import type { StepResult } from '@agentloom/runtime';

import type { NewRunEvent } from '../../events/run-event';
import { toRunEvents } from './engine-events';

/** The engine's events for the log; approval requests are written with their approval rows instead. */
export function stepEventsOf(result: StepResult): NewRunEvent[] {
  return toRunEvents(result.events).filter((event) => event.type !== 'approval-requested');
}

/** What a step adds to its run's counters. */
export function usageCountsOf(result: StepResult) {
  const modelCalls = result.events.filter((event) => event.type === 'model-call-finished');
  const served = servedUsageOf(modelCalls.map((event) => event.data));
  return {
    modelCalls: modelCalls.length,
    toolCallCount: result.toolCalls.filter((call) => call.status === 'succeeded' || call.status === 'failed').length,
    inputTokens: result.usage.inputTokens,
    outputTokens: result.usage.outputTokens,
    costUsd: result.usage.costUsd ?? 0,
    servedTokens: served.tokens,
    servedCostUsd: served.costUsd,
  };
}

/**
 * The part of a step's usage that replies served from a recording reported (`served: true` on their
 * `model-call-finished`, ADR 0083): counted on the run, never billed to a budget.
 */
function servedUsageOf(finishedCalls: readonly unknown[]): { tokens: number; costUsd: number } {
  let tokens = 0;
  let costUsd = 0;
  for (const data of finishedCalls) {
    const call = data as { served?: unknown; usage?: { inputTokens?: unknown; outputTokens?: unknown; costUsd?: unknown } } | null;
    if (call?.served !== true) continue;
    tokens += numberOrZero(call.usage?.inputTokens) + numberOrZero(call.usage?.outputTokens);
    costUsd += numberOrZero(call.usage?.costUsd);
  }
  return { tokens, costUsd };
}

function numberOrZero(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}
