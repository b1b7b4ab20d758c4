import { describe, expect, it } from 'vitest';

import { applyForkEdits, type ForkedMessage } from './fork-edits';

const transcript: ForkedMessage[] = [
  { index: 0, role: 'system', content: 'You help.' },
  { index: 1, role: 'user', content: 'Tell me about apples' },
  { index: 2, role: 'assistant', content: 'Looking it up.' },
  { index: 3, role: 'tool', content: 'Apples are red.' },
];

function checkpoint(overrides: Record<string, unknown> = {}) {
  return {
    format: 1,
    instanceId: 'source-run',
    step: 2,
    status: 'running',
    bindings: { modules: {}, limits: { maxModelCalls: 10, maxIterations: 10 }, tools: [] },
    counters: { modelCalls: 1, iterations: 1, delegations: 0, succeededToolCalls: 1, failedToolCalls: 0 },
    eventSequence: 9,
    plan: null,
    pendingCalls: [],
    context: { messageCount: 4, cutoffIndex: 2, summary: null, turnsSinceCompaction: 1, compactions: 0, queuedInputs: [] },
    routing: null,
    ...overrides,
  };
}

describe('applyForkEdits', () => {
  it('replaces user messages by index and queues an added message as the next input', () => {
    const { state, replacedContent } = applyForkEdits(checkpoint(), 2, transcript, { messages: [{ index: 1, content: 'Tell me about pears' }], appendMessage: 'Briefly.' });
    expect([...replacedContent]).toEqual([[1, 'Tell me about pears']]);
    expect(state.context['queuedInputs']).toEqual([{ role: 'user', content: 'Briefly.' }]);
    expect(state.status).toBe('running');
  });

  it('needs an added message to continue a completed step, and then marks the copy running', () => {
    expect(() => applyForkEdits(checkpoint({ status: 'completed' }), 2, transcript, {})).toThrow(expect.objectContaining({ field: 'appendMessage' }));
    expect(applyForkEdits(checkpoint({ status: 'completed' }), 2, transcript, { appendMessage: 'And pears?' }).state.status).toBe('running');
  });

  it('refuses edits that would make the transcript or the state lie, naming the field', () => {
    const refusal = (stored: unknown, edits: Parameters<typeof applyForkEdits>[3]) => {
      try {
        applyForkEdits(stored, 2, transcript, edits);
      } catch (error) {
        return error as { kind: string; field: string };
      }
      throw new Error('accepted');
    };
    expect(refusal(checkpoint(), { messages: [{ index: 2, content: 'I never said that' }] })).toMatchObject({ kind: 'validation', field: 'messages.0.index' });
    expect(refusal(checkpoint(), { messages: [{ index: 4, content: 'x' }] })).toMatchObject({ field: 'messages.0.index' });
    expect(refusal(checkpoint(), { messages: [{ index: 1, content: 'a' }, { index: 1, content: 'b' }] })).toMatchObject({ field: 'messages.1.index' });
    expect(refusal(checkpoint(), { state: { format: 1 } })).toMatchObject({ field: 'state' });
    expect(refusal(checkpoint(), { state: checkpoint({ step: 1 }) })).toMatchObject({ field: 'state.step' });
    expect(refusal(checkpoint(), { state: checkpoint({ context: { ...checkpoint().context, messageCount: 3 } }) })).toMatchObject({ field: 'state.context.messageCount' });
    const waiting = checkpoint({ pendingCalls: [{ id: 'call-1', name: 'send', arguments: {}, status: 'awaiting-approval' }] });
    expect(refusal(waiting, {})).toMatchObject({ field: 'stepIndex' });
    expect(refusal(checkpoint(), { state: waiting })).toMatchObject({ field: 'state.pendingCalls' });
  });
});
