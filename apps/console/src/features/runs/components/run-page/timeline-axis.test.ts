import type { RunStepView } from '@agentloom/platform';
import { describe, expect, it } from 'vitest';

import { humanWaits, timelineAxis } from './timeline-axis';

const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, seconds)).toISOString();
const step = (index: number, from: number, to: number, status = 'run-again'): RunStepView => ({
  id: `s${index}`,
  index,
  kind: 'model_call',
  status,
  parentStepId: null,
  inputTokens: 0,
  outputTokens: 0,
  costUsd: null,
  startedAt: at(from),
  finishedAt: at(to),
  toolCalls: [],
  hasError: false,
  approval: null,
});

describe('timeline axis with human waits', () => {
  // 10 s of work, a 210 s approval wait, 10 s more work.
  const steps = [step(0, 0, 10, 'approval-request'), step(1, 220, 230, 'final-output')];
  const start = Date.parse(at(0));
  const end = Date.parse(at(230));

  it('finds the wait between the step that asked and the next step', () => {
    expect(humanWaits(steps, end)).toEqual([{ afterStep: 0, reason: 'approval', from: Date.parse(at(10)), to: Date.parse(at(220)) }]);
  });

  it('draws a durable wait (sleep, wait_for_event) as a wait segment too', () => {
    const waited = [step(0, 0, 10, 'wait'), step(1, 220, 230, 'final-output')];
    expect(humanWaits(waited, end)).toEqual([{ afterStep: 0, reason: 'durable-wait', from: Date.parse(at(10)), to: Date.parse(at(220)) }]);
  });

  it('draws the wait as a short segment, so the steps keep their width', () => {
    const axis = timelineAxis(start, end, humanWaits(steps, end));
    expect(axis.waitedMs).toBe(210_000);
    expect(axis.position(start)).toBe(0);
    expect(axis.position(end)).toBe(100);
    // Each 10 s step takes 47 % of the axis (not 4 %, as on a linear axis), the wait 6 %.
    expect(axis.position(Date.parse(at(10)))).toBeCloseTo(47);
    expect(axis.position(Date.parse(at(220)))).toBeCloseTo(53);
    expect(axis.position(Date.parse(at(115)))).toBeCloseTo(50);
  });

  it('is linear without waits', () => {
    const axis = timelineAxis(start, start + 1_000, []);
    expect(axis.position(start + 250)).toBeCloseTo(25);
  });
});
