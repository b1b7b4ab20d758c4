import { describe, expect, it } from 'vitest';

import { stepLabel, stepOutcome } from './step-label';

describe('timeline row labels', () => {
  it('names the tools a step called, counting repeats, in call order', () => {
    const toolCalls = [
      { name: 'web_search', status: 'succeeded' },
      { name: 'fetch', status: 'succeeded' },
      { name: 'web_search', status: 'failed' },
    ];
    expect(stepLabel({ kind: 'model_call', status: 'run-again', toolCalls })).toBe('web_search ×2, fetch');
  });

  it('says a step asked for approval rather than "model call", and falls back to the kind', () => {
    expect(stepLabel({ kind: 'model_call', status: 'approval-request', toolCalls: [] })).toBe('asked for approval');
    expect(stepLabel({ kind: 'model_call', status: 'final-output', toolCalls: [] })).toBe('model call');
  });

  it('badges errors before approval decisions', () => {
    expect(stepOutcome({ hasError: true, approval: 'rejected' })).toEqual({ label: 'error', tone: 'error' });
    expect(stepOutcome({ hasError: false, approval: 'rejected' })).toEqual({ label: 'rejected', tone: 'warning' });
    expect(stepOutcome({ hasError: false, approval: null })).toBeNull();
  });
});
