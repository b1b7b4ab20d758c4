import { describe, expect, it } from 'vitest';
import { ScriptedModel } from '../testing/scripted-model';
import { createEngine } from './create-engine';
import type { CreateEngineOptions } from './assembly/engine-options';
import { runUntilApprovalPause, transferTool } from './test-support/approval-pause';
import { reactSnapshot } from './test-support/lookup-tool';

function setup(executed: unknown[], approvals: CreateEngineOptions['approvals'] = { transfer: 'always' }) {
  const model = new ScriptedModel([{ toolCalls: [{ id: 't1', name: 'transfer', arguments: { amount: 500, to: 'ada' } }] }, 'Transfer handled.']);
  const options: CreateEngineOptions = { model, approvals, configureTools: (registry) => registry.register(transferTool(executed)) };
  return { model, options };
}

const pause = (options: CreateEngineOptions) => runUntilApprovalPause(reactSnapshot, options, 'Pay Ada 500');

describe('approval and resume', () => {
  it('pauses with an approval request, then resumes from the serialized checkpoint and runs the approved call', async () => {
    const executed: unknown[] = [];
    const { model, options } = setup(executed);
    const { outcome, stored, transcript } = await pause(options);
    expect(outcome.next).toEqual({
      type: 'approval-request',
      requests: [
        { callId: 't1', toolName: 'transfer', arguments: { amount: 500, to: 'ada' }, implementationId: 'bank-tools/v1/transfer', sideEffects: 'unsafe' },
      ],
    });
    expect(outcome.checkpoint.status).toBe('awaiting-approval');
    expect(executed).toEqual([]);

    const resumedEngine = createEngine(reactSnapshot, options);
    const run = resumedEngine.resume({ checkpoint: stored, messages: transcript, decisions: [{ callId: 't1', decision: 'approve' }] });
    const first = await run.step();
    expect(first.events.map((event) => event.type).slice(0, 3)).toEqual(['approval-decided', 'run-started', 'step-started']);
    expect(first.events[0]?.sequence).toBe(outcome.checkpoint.eventSequence + 1);
    expect(first.toolCalls).toMatchObject([{ callId: 't1', status: 'succeeded', idempotencyKey: 'run-1:t1' }]);
    const final = await run.runUntilPause();
    expect(final.next).toEqual({ type: 'final-output', output: 'Transfer handled.' });
    expect(executed).toEqual([{ amount: 500, to: 'ada', idempotencyKey: 'run-1:t1' }]);
    expect(model.actionRequests[1]?.messages.at(-1)).toEqual({ role: 'tool', toolCallId: 't1', toolName: 'transfer', content: 'sent 500 to ada' });
  });

  it('a rejection reason becomes the tool result the model sees', async () => {
    const executed: unknown[] = [];
    const { model, options } = setup(executed);
    const { stored, transcript } = await pause(options);
    const run = createEngine(reactSnapshot, options).resume({
      checkpoint: stored,
      messages: transcript,
      decisions: [{ callId: 't1', decision: 'reject', reason: 'Over the daily limit' }],
    });
    await run.runUntilPause();
    expect(executed).toEqual([]);
    expect(model.actionRequests[1]?.messages.at(-1)).toEqual({
      role: 'tool',
      toolCallId: 't1',
      toolName: 'transfer',
      content: 'Rejected by reviewer: Over the daily limit',
      isError: true,
    });
  });

  it('edited arguments are validated and used', async () => {
    const executed: unknown[] = [];
    const { options } = setup(executed);
    const { stored, transcript } = await pause(options);
    const run = createEngine(reactSnapshot, options).resume({
      checkpoint: stored,
      messages: transcript,
      decisions: [{ callId: 't1', decision: 'edit', arguments: { amount: 50, to: 'ada' } }],
    });
    await run.runUntilPause();
    expect(executed).toMatchObject([{ amount: 50, to: 'ada' }]);
  });

  it('an edit that breaks the tool schema rejects the call with the validation message the model reads, and the run goes on', async () => {
    const executed: unknown[] = [];
    const { model, options } = setup(executed);
    const { stored, transcript } = await pause(options);
    const run = createEngine(reactSnapshot, options).resume({
      checkpoint: stored,
      messages: transcript,
      decisions: [{ callId: 't1', decision: 'edit', arguments: { amount: -1, to: 'ada' } }],
    });
    const first = await run.step();
    expect(first.events.find((event) => event.type === 'approval-decided')?.data).toMatchObject({ callId: 't1', decision: 'edit', refused: true });
    // The call keeps the model's arguments: the edit was refused and the proposal did not run either.
    expect(first.toolCalls).toMatchObject([{ callId: 't1', status: 'rejected', arguments: { amount: 500, to: 'ada' }, result: { isError: true } }]);
    const final = await run.runUntilPause();
    expect(final.next).toEqual({ type: 'final-output', output: 'Transfer handled.' });
    expect(executed).toEqual([]);
    const toolResult = model.actionRequests[1]?.messages.at(-1);
    expect(toolResult).toMatchObject({ role: 'tool', toolCallId: 't1', isError: true });
    expect(toolResult?.content).toMatch(
      /^The reviewer edited the arguments, but the edit does not fit the tool's input schema, so the call did not run\. Invalid arguments for tool "transfer":\n- amount: /,
    );
  });

  it('requires a decision for every waiting call and asks again when none is given', async () => {
    const executed: unknown[] = [];
    const { options } = setup(executed);
    const { stored, transcript } = await pause(options);
    const engine = createEngine(reactSnapshot, options);
    expect(() => engine.resume({ checkpoint: stored, messages: transcript, decisions: [{ callId: 'nope', decision: 'approve' }] })).toThrow(
      /not awaiting approval/,
    );
    const again = await engine.resume({ checkpoint: stored, messages: transcript }).step();
    expect(again.next.type).toBe('approval-request');
  });

  it('a predicate rule asks only for the arguments it matches', async () => {
    const executed: unknown[] = [];
    const { options } = setup(executed, { transfer: (call) => Number(call.arguments['amount']) > 1000 });
    const engine = createEngine(reactSnapshot, options);
    const outcome = await engine.execute('Pay Ada 500');
    expect(outcome.next.type).toBe('final-output');
    expect(executed).toHaveLength(1);
  });

  it('refuses a transcript that does not match the checkpoint', async () => {
    const executed: unknown[] = [];
    const { options } = setup(executed);
    const { stored, transcript } = await pause(options);
    expect(() => createEngine(reactSnapshot, options).resume({ checkpoint: stored, messages: transcript.slice(0, 2) })).toThrow(/context.messageCount/);
  });
});
