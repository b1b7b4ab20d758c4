import { describe, expect, it } from 'vitest';
import { ScriptedModel, type ScriptedReply } from '../testing/scripted-model';
import type { CreateEngineOptions } from './assembly/engine-options';
import { createEngine } from './create-engine';
import { runUntilApprovalPause, transferTool } from './test-support/approval-pause';
import { reactSnapshot } from './test-support/lookup-tool';

/**
 * The approval gate's edges, found by mutation testing (Stryker left them alive): a predicate rule
 * that matches must stop the call, every waiting call needs its decision, invalid arguments never
 * reach a reviewer, and the events say what was proposed, requested and decided.
 */

function engineOptions(executed: unknown[], turns: ScriptedReply[], approvals: CreateEngineOptions['approvals'] = { transfer: 'always' }) {
  const model = new ScriptedModel(turns);
  const options: CreateEngineOptions = { model, approvals, configureTools: (registry) => registry.register(transferTool(executed)) };
  return { model, options };
}

const twoTransfers: ScriptedReply[] = [
  {
    toolCalls: [
      { id: 't1', name: 'transfer', arguments: { amount: 5, to: 'ada' } },
      { id: 't2', name: 'transfer', arguments: { amount: 7, to: 'bob' } },
    ],
  },
  'Done.',
];

const pause = (options: CreateEngineOptions) => runUntilApprovalPause(reactSnapshot, options, 'Pay');

describe('approval gate', () => {
  it('a predicate rule that matches stops the call before it runs', async () => {
    const executed: unknown[] = [];
    const { options } = engineOptions(executed, [{ toolCalls: [{ id: 't1', name: 'transfer', arguments: { amount: 5000, to: 'ada' } }] }, 'Done.'], {
      transfer: (call) => Number(call.arguments['amount']) > 1000,
    });
    const { outcome } = await pause(options);
    expect(outcome.next).toMatchObject({ type: 'approval-request', requests: [{ callId: 't1', toolName: 'transfer' }] });
    expect(executed).toEqual([]);
  });

  it('names every waiting call left without a decision, and every decision for a call that is not waiting', async () => {
    const executed: unknown[] = [];
    const { options } = engineOptions(executed, twoTransfers);
    const { stored, transcript } = await pause(options);
    const engine = createEngine(reactSnapshot, options);
    expect(() => engine.resume({ checkpoint: stored, messages: transcript, decisions: [{ callId: 't1', decision: 'approve' }] })).toThrow('Missing decisions for calls: t2');
    expect(() =>
      engine.resume({
        checkpoint: stored,
        messages: transcript,
        decisions: [
          { callId: 't1', decision: 'approve' },
          { callId: 't2', decision: 'approve' },
          { callId: 'x', decision: 'approve' },
          { callId: 'y', decision: 'approve' },
        ],
      }),
    ).toThrow('Decisions for calls that are not awaiting approval: x, y');
    expect(executed).toEqual([]);
  });

  it('records each decision: a rejection with its reason, an approval without one, and runs only the approved call', async () => {
    const executed: unknown[] = [];
    const { options } = engineOptions(executed, twoTransfers);
    const { stored, transcript } = await pause(options);
    const run = createEngine(reactSnapshot, options).resume({
      checkpoint: stored,
      messages: transcript,
      decisions: [
        { callId: 't1', decision: 'approve' },
        { callId: 't2', decision: 'reject', reason: 'Unknown payee' },
      ],
    });
    const first = await run.step();
    const decided = first.events.filter((event) => event.type === 'approval-decided').map((event) => event.data);
    expect(decided).toEqual([
      { callId: 't1', toolName: 'transfer', decision: 'approve' },
      { callId: 't2', toolName: 'transfer', decision: 'reject', reason: 'Unknown payee' },
    ]);
    expect(decided[0]).not.toHaveProperty('reason');
    expect(first.toolCalls).toMatchObject([
      { callId: 't1', status: 'succeeded' },
      { callId: 't2', status: 'rejected' },
    ]);
    await run.runUntilPause();
    expect(executed).toEqual([{ amount: 5, to: 'ada', idempotencyKey: 'run-1:t1' }]);
  });

  it('rejects invalid arguments without asking a reviewer, even under an always rule', async () => {
    const executed: unknown[] = [];
    const { model, options } = engineOptions(executed, [{ toolCalls: [{ id: 't1', name: 'transfer', arguments: { amount: -3, to: 'ada' } }] }, 'Done.']);
    const outcome = await createEngine(reactSnapshot, options).execute({ task: 'Pay', instanceId: 'run-1' });
    expect(outcome.next).toEqual({ type: 'final-output', output: 'Done.' });
    expect(executed).toEqual([]);
    expect(model.actionRequests[1]?.messages.at(-1)).toMatchObject({ role: 'tool', toolCallId: 't1', isError: true });
  });

  it('says what was proposed and what waits for a human, with the tool identity a reviewer sees', async () => {
    const executed: unknown[] = [];
    const { options } = engineOptions(executed, twoTransfers);
    const engine = createEngine(reactSnapshot, options);
    const run = engine.start({ task: 'Pay', instanceId: 'run-1' });
    const step = await run.step();
    const proposed = step.events.filter((event) => event.type === 'tool-call-proposed').map((event) => event.data);
    expect(proposed).toEqual([
      { callId: 't1', toolName: 'transfer', arguments: { amount: 5, to: 'ada' } },
      { callId: 't2', toolName: 'transfer', arguments: { amount: 7, to: 'bob' } },
    ]);
    const requested = step.events.filter((event) => event.type === 'approval-requested').map((event) => event.data);
    expect(requested).toEqual([
      { callId: 't1', toolName: 'transfer', implementationId: 'bank-tools/v1/transfer', sideEffects: 'unsafe' },
      { callId: 't2', toolName: 'transfer', implementationId: 'bank-tools/v1/transfer', sideEffects: 'unsafe' },
    ]);
    await engine.close();
  });
});
