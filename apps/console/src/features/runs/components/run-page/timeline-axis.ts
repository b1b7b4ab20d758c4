import type { RunStepView } from '@agentloom/platform';

/**
 * A stretch of the run spent waiting, drawn as its own segment: for a person (an approval) or on a
 * durable wait (a `sleep`, `wait_until` or `wait_for_event` call, which can last days).
 */
export interface HumanWait {
  /** The step that asked. */
  afterStep: number;
  /** What the run waited for. */
  reason: 'approval' | 'durable-wait';
  from: number;
  to: number;
}

/**
 * The run's time axis. Machine time is linear; each human wait gets a fixed short segment instead
 * of its real length, so a 3-minute approval does not squeeze every step into a sliver.
 */
export interface TimelineAxis {
  start: number;
  end: number;
  waits: HumanWait[];
  /** Milliseconds spent waiting for people. */
  waitedMs: number;
  /** 0–100: where an instant falls on the drawn axis. */
  position(at: number): number;
}

/** Share of the axis one wait gets, and the most all waits together may take. */
const shareOfOneWait = 0.06;
const shareOfAllWaits = 0.3;
/** Shorter pauses are drawn as they are. */
const minimumWaitMs = 1_000;

export function humanWaits(steps: readonly RunStepView[], end: number): HumanWait[] {
  const waits: HumanWait[] = [];
  steps.forEach((step, position) => {
    if (step.status !== 'approval-request' && step.status !== 'wait') return;
    const from = Date.parse(step.finishedAt ?? step.startedAt);
    const next = steps[position + 1];
    const to = next ? Date.parse(next.startedAt) : end;
    if (to - from >= minimumWaitMs) waits.push({ afterStep: step.index, reason: step.status === 'wait' ? 'durable-wait' : 'approval', from, to });
  });
  return waits;
}

export function timelineAxis(start: number, end: number, waits: HumanWait[]): TimelineAxis {
  const safeEnd = Math.max(end, start + 1);
  const waitedMs = waits.reduce((total, wait) => total + (wait.to - wait.from), 0);
  const activeMs = Math.max(1, safeEnd - start - waitedMs);
  const waitShare = waits.length === 0 ? 0 : Math.min(shareOfAllWaits, shareOfOneWait * waits.length) / waits.length;
  const activeShare = 1 - waitShare * waits.length;
  const position = (at: number) => {
    let active = Math.min(Math.max(at, start), safeEnd) - start;
    let waited = 0;
    for (const wait of waits) {
      if (at <= wait.from) break;
      const through = Math.min(at, wait.to) - wait.from;
      active -= through;
      waited += waitShare * (through / Math.max(1, wait.to - wait.from));
    }
    return Math.min(100, Math.max(0, ((active / activeMs) * activeShare + waited) * 100));
  };
  return { start, end: safeEnd, waits, waitedMs, position };
}
