import type { RuntimeEvent, StepResult } from '@agentloom/runtime';
import { describe, expect, it } from 'vitest';

import { spentUsageOf, stepEventsOf, usageCountsOf } from './step-usage';

function event(type: RuntimeEvent['type'], data: Record<string, unknown>): RuntimeEvent {
  return { type, instanceId: 'run-1', sequence: 1, step: 1, at: '2026-12-01T00:00:00.000Z', data } as unknown as RuntimeEvent;
}

const finishedCall = (data: Record<string, unknown>) => event('model-call-finished', data);

function stepWith(events: RuntimeEvent[], usage: StepResult['usage']): StepResult {
  return { instanceId: 'run-1', step: 1, next: { type: 'run-again' }, messages: [], toolCalls: [], citations: [], events, checkpoint: {}, usage } as unknown as StepResult;
}

/** ADR 0083: the served part of a step's usage is what its `served: true` model calls reported, nothing else. */
describe('served and spent usage of a step', () => {
  it('splits a step with a served reply and an answered one', () => {
    const step = stepWith(
      [
        finishedCall({ purpose: 'action', served: true, usage: { inputTokens: 30, outputTokens: 5, costUsd: 0.25 } }),
        finishedCall({ purpose: 'verification', usage: { inputTokens: 12, outputTokens: 3, costUsd: 0.5 } }),
      ],
      { inputTokens: 42, outputTokens: 8, costUsd: 0.75 },
    );
    expect(usageCountsOf(step)).toMatchObject({ modelCalls: 2, inputTokens: 42, outputTokens: 8, costUsd: 0.75, servedTokens: 35, servedCostUsd: 0.25 });
    expect(spentUsageOf(step)).toEqual({ inputTokens: 12, outputTokens: 3, costUsd: 0.5 });
  });

  it('counts nothing as served without `served: true` exactly', () => {
    const lookalikes = [{ served: 'true' }, { served: 1 }, { served: false }, {}].map((flag) => finishedCall({ ...flag, usage: { inputTokens: 10, outputTokens: 1, costUsd: 0.1 } }));
    const step = stepWith(lookalikes, { inputTokens: 40, outputTokens: 4, costUsd: 0.4 });
    expect(usageCountsOf(step)).toMatchObject({ servedTokens: 0, servedCostUsd: 0 });
    expect(spentUsageOf(step)).toEqual({ inputTokens: 40, outputTokens: 4, costUsd: 0.4 });
  });

  it('reads only model-call-finished events, and treats missing or non-numeric usage as zero', () => {
    const step = stepWith(
      [
        event('model-call-started', { served: true, usage: { inputTokens: 99, outputTokens: 99, costUsd: 9 } }),
        finishedCall({ served: true }),
        finishedCall({ served: true, usage: { inputTokens: '7', outputTokens: Number.NaN, costUsd: Number.POSITIVE_INFINITY } }),
        finishedCall({ served: true, usage: { inputTokens: 6, outputTokens: 2 } }),
      ],
      { inputTokens: 6, outputTokens: 2 },
    );
    expect(usageCountsOf(step)).toMatchObject({ modelCalls: 3, servedTokens: 8, servedCostUsd: 0, costUsd: 0 });
    expect(spentUsageOf(step)).toEqual({ inputTokens: 0, outputTokens: 0, costUsd: 0 });
  });

  it('counts the calls that ran to an end, and leaves approval requests out of the step’s events', () => {
    const step = {
      ...stepWith([event('step-started', {}), event('approval-requested', { callId: 'c3' })], { inputTokens: 0, outputTokens: 0 }),
      toolCalls: ['succeeded', 'failed', 'awaiting_approval', 'running'].map((status, index) => ({ callId: `c${index}`, status })),
    } as unknown as StepResult;
    expect(usageCountsOf(step).toolCallCount).toBe(2);
    expect(stepEventsOf(step).map((entry) => entry.type)).toEqual(['step-started']);
  });
});
