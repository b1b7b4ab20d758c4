import { describe, expect, it } from 'vitest';
import type { ModelRequest } from '../contracts/model-gateway';
import { ScriptedModel } from '../testing/scripted-model';
import type { CreateEngineOptions } from './assembly/engine-options';
import { createEngine } from './create-engine';
import { runUntilApprovalPause, transferTool } from './test-support/approval-pause';

const withPayer = {
  config: {
    mode: 'react' as const,
    completion: { verify: false, requireToolEvidence: false },
    subAgents: [{ name: 'payer', description: 'Pays', instructions: 'You pay.' }],
  },
};

const isChild = (request: ModelRequest) => request.messages[0]?.content.startsWith('You pay.') === true;
const toolResults = (request: ModelRequest) => request.messages.filter((message) => message.role === 'tool').map((message) => message.content);

/** The parent delegates once; the child asks to transfer 500 to ada, then answers with what its tool call returned. */
function delegatingModel() {
  return new ScriptedModel([], {
    whenExhausted: (request: ModelRequest) => {
      if (isChild(request)) {
        const seen = toolResults(request);
        return seen.length > 0 ? `child saw: ${seen.join(', ')}` : { toolCalls: [{ id: 'c1', name: 'transfer', arguments: { amount: 500, to: 'ada' } }] };
      }
      return toolResults(request).length > 0 ? 'Parent done.' : { toolCalls: [{ id: 'd1', name: 'delegate', arguments: { agent: 'payer', task: 'pay ada' } }] };
    },
  });
}

describe("a reviewer's edit of a sub-agent's call", () => {
  it('that breaks the tool schema rejects the call for the sub-agent to read; the delegate call and the run go on', async () => {
    const executed: unknown[] = [];
    const options: CreateEngineOptions = {
      model: delegatingModel(),
      approvals: { transfer: 'always' },
      configureTools: (registry) => registry.register(transferTool(executed)),
    };
    const { stored, transcript } = await runUntilApprovalPause(withPayer, options, 'Delegate a payment');
    const run = createEngine(withPayer, options).resume({
      checkpoint: stored,
      messages: transcript,
      decisions: [{ callId: 'd1/child-1/c1', decision: 'edit', arguments: { amount: -500, to: 'ada' } }],
    });
    const first = await run.step();
    expect(first.toolCalls.find((record) => record.callId === 'd1/child-1/c1')).toMatchObject({ status: 'rejected', result: { isError: true } });
    expect(first.toolCalls.find((record) => record.callId === 'd1')).toMatchObject({ name: 'delegate', status: 'succeeded' });
    const final = await run.runUntilPause();
    expect(final.next).toEqual({ type: 'final-output', output: 'Parent done.' });
    expect(executed).toEqual([]);
    expect(final.transcript.at(-2)).toMatchObject({ role: 'tool', toolCallId: 'd1' });
    expect(final.transcript.at(-2)?.content).toMatch(
      /^child saw: The reviewer edited the arguments, but the edit does not fit the tool's input schema.*\n- amount: /s,
    );
  });

  it('that fits the schema runs with the edited arguments', async () => {
    const executed: unknown[] = [];
    const options: CreateEngineOptions = {
      model: delegatingModel(),
      approvals: { transfer: 'always' },
      configureTools: (registry) => registry.register(transferTool(executed)),
    };
    const { stored, transcript } = await runUntilApprovalPause(withPayer, options, 'Delegate a payment');
    const run = createEngine(withPayer, options).resume({
      checkpoint: stored,
      messages: transcript,
      decisions: [{ callId: 'd1/child-1/c1', decision: 'edit', arguments: { amount: 50, to: 'ada' } }],
    });
    const final = await run.runUntilPause();
    expect(final.next).toEqual({ type: 'final-output', output: 'Parent done.' });
    expect(executed).toEqual([{ amount: 50, to: 'ada', idempotencyKey: 'run-1/child-1:c1' }]);
  });
});
