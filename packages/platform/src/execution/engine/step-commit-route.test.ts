import type { RuntimeEvent, StepResult } from '@agentloom/runtime';
import { describe, expect, it } from 'vitest';

import { isOrdinaryStep, plainFinishOf, type StepCommitRouteOptions } from './step-commit-route';

type Next = StepResult['next'];

function step(next: Next, shape: Partial<StepResult> = {}): StepResult {
  const base = { instanceId: 'run-1', step: 3, next, messages: [], toolCalls: [], citations: [], events: [], checkpoint: { context: {} }, usage: { inputTokens: 0, outputTokens: 0 } };
  return { ...base, ...shape } as unknown as StepResult;
}

const injected = { type: 'memory-injected', instanceId: 'run-1', sequence: 1, step: 3, at: '2026-12-01T00:00:00.000Z', data: { memoryId: 'memory-1', score: 0.5 } } as unknown as RuntimeEvent;
const options: StepCommitRouteOptions = {};
const finalOutput: Next = { type: 'final-output', output: 'The answer.' };
const runAgain: Next = { type: 'run-again' };

/** A thread's earlier messages copied into the run's context (index 2 on), which the step wrote. */
const seededHistory = {
  checkpoint: { context: { historyCount: 1 } },
  messages: [{ index: 2, message: { role: 'user', content: 'An earlier question.' } }],
} as unknown as Partial<StepResult>;
/**
 * What keeps a step off the one-statement commit (ADR 0016, 0101): anything `agentloom_commit_step` does
 * not write. A step routed there by mistake would lose that write, so each reason is tried on its own.
 */
const generalPathReasons: [string, Partial<StepResult>, Partial<StepCommitRouteOptions>][] = [
  ['a call of unknown outcome', {}, { outcomeUnknownCallIds: ['call-1'] }],
  ["a thread's history sources", {}, { historySources: [] }],
  ['memory the step used', { events: [injected] }, {}],
  ["a thread's history seeded into it", seededHistory, {}],
];

describe('which step commits are one statement', () => {
  it('sends an ordinary step and a plain end there', () => {
    expect(isOrdinaryStep(step(runAgain), options)).toBe(true);
    expect(plainFinishOf(step(finalOutput), options)).toEqual({ output: 'The answer.', episode: true, closeLeftovers: true });
    // No call of unknown outcome is the same as none listed.
    expect(isOrdinaryStep(step(runAgain), { ...options, outcomeUnknownCallIds: [] })).toBe(true);
    expect(plainFinishOf(step(finalOutput), { ...options, outcomeUnknownCallIds: [] })).toBeDefined();
  });

  it.each(generalPathReasons)('keeps a step with %s on the general path', (_reason, shape, extra) => {
    expect(isOrdinaryStep(step(runAgain, shape), { ...options, ...extra })).toBe(false);
    expect(plainFinishOf(step(finalOutput, shape), { ...options, ...extra })).toBeUndefined();
  });

  it("keeps a replay's end on the general path: its scoring runs in the transaction that ends the run", () => {
    expect(plainFinishOf(step(finalOutput), { ...options, atFinish: () => Promise.resolve() })).toBeUndefined();
  });

  it('sends no other outcome there', () => {
    const others = [
      { type: 'approval-request', requests: [] },
      { type: 'interrupted', reason: 'failed', message: 'Boom', error: { kind: 'internal', message: 'Boom' } },
      { type: 'interrupted', reason: 'cancelled', message: 'Cancelled' },
    ] as unknown as Next[];
    for (const next of others) {
      expect(isOrdinaryStep(step(next), options)).toBe(false);
      expect(plainFinishOf(step(next), options)).toBeUndefined();
    }
    expect(plainFinishOf(step(runAgain), options)).toBeUndefined();
    expect(isOrdinaryStep(step(finalOutput), options)).toBe(false);
  });

  it("carries the run's episode and ledger settings into the end", () => {
    expect(plainFinishOf(step(finalOutput), { ...options, writesEpisode: false })).toMatchObject({ episode: false });
    expect(plainFinishOf(step(finalOutput), { ...options, writesEpisode: true })).toMatchObject({ episode: true });
    expect(plainFinishOf(step(finalOutput), { ...options, withoutLedger: true })).toMatchObject({ closeLeftovers: false });
    expect(plainFinishOf(step(finalOutput), { ...options, withoutLedger: false })).toMatchObject({ closeLeftovers: true });
  });
});
