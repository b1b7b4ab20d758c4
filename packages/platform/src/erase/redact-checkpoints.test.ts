import { checkpointFormatVersion, checkpointSchema } from '@agentloom/runtime';
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

describe('redactQuotingStrings on a whole checkpoint', () => {
  /** A checkpoint of a run paused on a sub-agent's approval, with every kind of name, id and state in it. */
  const checkpoint = {
    format: checkpointFormatVersion,
    instanceId: 'run-1',
    step: 2,
    status: 'awaiting-approval',
    bindings: {
      modules: { model: { moduleId: 'openai-compatible', config: { model: 'gpt-4o', baseURL: 'http://model.test' } } },
      limits: { maxModelCalls: 10, maxIterations: 10 },
      tools: [{ name: 'delegate', implementationId: 'builtin/delegate', sideEffects: 'unsafe', schemaHash: 'abcd1234' }],
    },
    counters: { modelCalls: 2, iterations: 2, delegations: 1, succeededToolCalls: 1, failedToolCalls: 0 },
    eventSequence: 9,
    plan: { items: [{ id: 'plan-1', title: 'Ask about the secret code 1234', status: 'done' }] },
    pendingCalls: [
      {
        id: 'call_1',
        name: 'delegate',
        arguments: { agent: 'helper', task: 'pay' },
        status: 'completed',
        invocationState: {},
        result: { content: 'The secret code 1234 was used', isError: false },
        child: {
          agent: 'helper',
          task: 'Use the secret code 1234',
          ordinal: 1,
          instanceId: 'run-1/child-1',
          checkpoint: { status: 'awaiting-approval', step: 1 },
          messages: [
            { role: 'user', content: 'Use the secret code 1234' },
            { role: 'tool', toolCallId: 'call_2', toolName: 'lookup', content: 'done' },
          ],
          requests: [{ callId: 'call_1/child-1/call_2', toolName: 'charge', arguments: {}, implementationId: 'test/charge', sideEffects: 'unsafe' }],
          decisions: [{ callId: 'call_2', decision: 'reject', reason: 'not the secret code 1234' }],
        },
      },
    ],
    context: {},
    routing: [{ decision: 'inject_memory', reason: 'The secret code 1234 matters', payload: {} }],
  };

  it('redacts the content that quotes, and never a name, id or state, so the checkpoint still parses', () => {
    expect(checkpointSchema.safeParse(checkpoint).success).toBe(true);
    // Forgotten facts that happen to spell the run's structure (a fact "done", a fact "unsafe", ...).
    const structural = ['awaiting-approval', 'openai-compatible', 'gpt-4o', 'delegate', 'builtin/delegate', 'unsafe', 'abcd1234', 'call_1', 'completed'];
    const mentions = [...structural, 'helper', 'run-1', 'user', 'tool', 'lookup', 'reject', 'inject_memory', 'done', 'secret code 1234'];

    const redacted = redactQuotingStrings(checkpoint, mentions) as typeof checkpoint;

    const parsed = checkpointSchema.safeParse(redacted);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    expect(redacted.bindings).toBe(checkpoint.bindings);
    const [call] = redacted.pendingCalls;
    expect(call).toMatchObject({ id: 'call_1', name: 'delegate', status: 'completed', result: { content: erasedContent } });
    expect(call!.child).toMatchObject({
      agent: 'helper',
      task: erasedContent,
      instanceId: 'run-1/child-1',
      checkpoint: { status: 'awaiting-approval' },
      messages: [
        { role: 'user', content: erasedContent },
        { role: 'tool', toolCallId: 'call_2', toolName: 'lookup', content: erasedContent },
      ],
      requests: [{ callId: 'call_1/child-1/call_2', toolName: 'charge', sideEffects: 'unsafe' }],
      decisions: [{ callId: 'call_2', decision: 'reject', reason: erasedContent }],
    });
    expect(redacted.plan.items[0]).toEqual({ id: 'plan-1', title: erasedContent, status: 'done' });
    expect(redacted.routing[0]).toEqual({ decision: 'inject_memory', reason: erasedContent, payload: {} });
    expect(redacted).toMatchObject({ format: checkpointFormatVersion, instanceId: 'run-1', status: 'awaiting-approval' });
  });
});

describe('mentionsOf', () => {
  it('matches by every id, and by the texts of four characters or more only', () => {
    expect(mentionsOf({ ids: ['item-1', 'item-2'], texts: ['Bob', 'Tall', 'a long fact'] })).toEqual(['item-1', 'item-2', 'Tall', 'a long fact']);
  });
});
