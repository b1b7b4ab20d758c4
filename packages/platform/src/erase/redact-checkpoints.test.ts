import { describe, expect, it } from 'vitest';

import { erasedContent } from './erased-content';
import { mentionsOf, redactQuotingStrings } from './redact-checkpoints';

describe('redactQuotingStrings', () => {
  it('replaces every string that contains a mention, at any depth, and keeps the rest as they were', () => {
    const state = {
      step: 3,
      done: false,
      plan: null,
      pendingCalls: [
        { id: 'call-1', result: { content: '1. [item-1] the code is 1234', isError: false } },
        { id: 'call-2', result: { content: 'nothing to see', isError: false } },
      ],
      child: { messages: [{ role: 'user', content: 'Relevant memories:\n- the code is 1234' }] },
    };
    expect(redactQuotingStrings(state, ['item-1', 'code is 1234'])).toEqual({
      step: 3,
      done: false,
      plan: null,
      pendingCalls: [
        { id: 'call-1', result: { content: erasedContent, isError: false } },
        { id: 'call-2', result: { content: 'nothing to see', isError: false } },
      ],
      child: { messages: [{ role: 'user', content: erasedContent }] },
    });
    // The input is not changed in place.
    expect(state.pendingCalls[0]!.result.content).toBe('1. [item-1] the code is 1234');
  });

  it('returns the very same object when nothing quotes a mention, so the caller writes nothing', () => {
    const state = { pendingCalls: [{ id: 'call-1', result: { content: 'fine', isError: false } }], tags: ['a', 'b'] };
    expect(redactQuotingStrings(state, ['item-1'])).toBe(state);
    expect(redactQuotingStrings('item-1 and more', ['item-1'])).toBe(erasedContent);
    expect(redactQuotingStrings(['x', 'item-1'], ['item-1'])).toEqual(['x', erasedContent]);
  });

  it('never changes a call’s arguments or a tool’s invocation state: a human approved them as shown', () => {
    const state = {
      pendingCalls: [
        {
          id: 'call-1',
          status: 'approved',
          arguments: { to: 'bank', body: 'pay item-1' },
          invocationState: { note: 'item-1' },
          result: { content: 'item-1 listed', isError: false },
          child: {
            requests: [{ callId: 'call-1/a', arguments: { body: 'item-1' } }],
            decisions: [{ callId: 'a', decision: 'edit', arguments: { body: 'item-1' } }],
          },
        },
      ],
    };
    const redacted = redactQuotingStrings(state, ['item-1']) as typeof state;
    const [call] = redacted.pendingCalls;
    expect(call!.arguments).toBe(state.pendingCalls[0]!.arguments);
    expect(call!.invocationState).toBe(state.pendingCalls[0]!.invocationState);
    expect(call!.child.requests[0]!.arguments).toEqual({ body: 'item-1' });
    expect(call!.child.decisions[0]!.arguments).toEqual({ body: 'item-1' });
    expect(call!.result).toEqual({ content: erasedContent, isError: false });
  });
});

describe('mentionsOf', () => {
  it('matches by every id, and by the texts of four characters or more only', () => {
    expect(mentionsOf({ ids: ['item-1', 'item-2'], texts: ['Bob', 'Tall', 'a long fact'] })).toEqual(['item-1', 'item-2', 'Tall', 'a long fact']);
  });
});
