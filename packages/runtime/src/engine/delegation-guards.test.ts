import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { awaitingApprovalCallIds } from '../checkpoint/awaiting-calls';
import type { LifecycleHooks, ToolCallHookInfo } from '../contracts/hooks';
import type { ModelRequest } from '../contracts/model-gateway';
import type { AnyTool } from '../contracts/tool-registry';
import { ScriptedModel } from '../testing/scripted-model';
import type { CreateEngineOptions } from './assembly/engine-options';
import { createEngine } from './create-engine';
import { runUntilApprovalPause } from './test-support/approval-pause';
import { lookupTool } from './test-support/lookup-tool';

const withResearcher = {
  config: {
    mode: 'react' as const,
    completion: { verify: false, requireToolEvidence: false },
    subAgents: [{ name: 'researcher', description: 'Finds facts', instructions: 'You research.' }],
  },
};

const isChild = (request: ModelRequest) => request.messages[0]?.content.startsWith('You research.') === true;
const hasToolResult = (request: ModelRequest) => request.messages.some((message) => message.role === 'tool');

function transferTool(executed: string[]): AnyTool {
  return {
    name: 'transfer',
    description: 'Move money',
    implementationId: 'bank-tools/v1/transfer',
    inputSchema: z.object({ amount: z.number() }),
    sideEffects: 'unsafe',
    execute(args: { amount: number }, context) {
      executed.push(context.idempotencyKey);
      return Promise.resolve({ content: `sent ${args.amount}` });
    },
  };
}

/**
 * The parent delegates once (plus, optionally, a lookup in the same turn); the child calls `transfer`
 * once and then answers. The child's model calls report 100/50 tokens, the parent's 10/5.
 */
function model(parentCalls: 'delegate' | 'delegate-and-lookup' = 'delegate') {
  return new ScriptedModel([], {
    whenExhausted: (request: ModelRequest) => {
      if (isChild(request)) {
        const reply = hasToolResult(request)
          ? { text: `child saw: ${request.messages.filter((message) => message.role === 'tool').map((message) => message.content).join(', ')}` }
          : { toolCalls: [{ id: 'c1', name: 'transfer', arguments: { amount: 500 } }] };
        return { ...reply, usage: { inputTokens: 100, outputTokens: 50 } };
      }
      if (hasToolResult(request)) return 'Parent done.';
      const delegate = { id: 'd1', name: 'delegate', arguments: { agent: 'researcher', task: 'pay' } };
      return { toolCalls: parentCalls === 'delegate' ? [delegate] : [{ id: 'l1', name: 'lookup', arguments: { word: 'loom' } }, delegate] };
    },
  });
}

function recordingHooks(seen: ToolCallHookInfo[]): LifecycleHooks {
  return {
    toolCallStarting: (info) => {
      seen.push(info);
    },
  };
}

const pauseOnChildApproval = (options: CreateEngineOptions) => runUntilApprovalPause(withResearcher, options, 'Delegate a payment');

describe('sub-agents inside the guarded path', () => {
  it("pauses the parent when a child's call needs approval, and runs it exactly once after the decision", async () => {
    const executed: string[] = [];
    const scripted = model();
    const options: CreateEngineOptions = { model: scripted, approvals: { transfer: 'always' }, configureTools: (registry) => registry.register(transferTool(executed)) };
    const { outcome, stored, transcript } = await pauseOnChildApproval(options);

    expect(outcome.next).toEqual({
      type: 'approval-request',
      requests: [
        { callId: 'd1/child-1/c1', toolName: 'transfer', arguments: { amount: 500 }, implementationId: 'bank-tools/v1/transfer', sideEffects: 'unsafe', requestedBy: { agent: 'researcher', parentCallId: 'd1' } },
      ],
    });
    expect(executed).toEqual([]);
    expect(outcome.checkpoint.status).toBe('awaiting-approval');
    const delegating = outcome.checkpoint.pendingCalls.find((call) => call.id === 'd1');
    expect(delegating?.child).toMatchObject({ agent: 'researcher', instanceId: 'run-1/child-1', requests: [{ callId: 'd1/child-1/c1' }], decisions: [] });
    // The child's tokens count for the run: 10/5 for the parent's turn, 100/50 for the child's.
    expect(outcome.usage).toMatchObject({ inputTokens: 110, outputTokens: 55 });

    const run = createEngine(withResearcher, options).resume({ checkpoint: stored, messages: transcript, decisions: [{ callId: 'd1/child-1/c1', decision: 'approve' }] });
    const first = await run.step();
    expect(executed).toEqual(['run-1/child-1:c1']);
    expect(first.toolCalls).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ callId: 'd1/child-1/c1', status: 'succeeded', idempotencyKey: 'run-1/child-1:c1', delegation: { parentCallId: 'd1', agent: 'researcher', instanceId: 'run-1/child-1' } }),
        expect.objectContaining({ callId: 'd1', name: 'delegate', status: 'succeeded' }),
      ]),
    );
    const approvalDecided = first.events.find((event) => event.type === 'approval-decided');
    expect(approvalDecided?.data).toMatchObject({ callId: 'd1/child-1/c1', decision: 'approve', delegation: { parentCallId: 'd1' } });
    // The child resumed where it was (its answer turn, 100/50; sub-agents ask no verification call), not from a fresh task.
    expect(first.usage).toMatchObject({ inputTokens: 100, outputTokens: 50 });
    const final = await run.runUntilPause();
    expect(final.next).toEqual({ type: 'final-output', output: 'Parent done.' });
    expect(executed).toHaveLength(1);
    expect(final.transcript.at(-2)).toMatchObject({ role: 'tool', toolCallId: 'd1', content: 'child saw: sent 500' });
    expect(final.checkpoint.counters.delegations).toBe(1);
  });

  it('names every call a host must decide, and refuses decisions that do not match the suspended child', async () => {
    const executed: string[] = [];
    const options: CreateEngineOptions = { model: model(), approvals: { transfer: 'always' }, configureTools: (registry) => registry.register(transferTool(executed)) };
    const { outcome, stored, transcript } = await pauseOnChildApproval(options);
    expect(awaitingApprovalCallIds(outcome.checkpoint)).toEqual(['d1/child-1/c1']);
    const engine = createEngine(withResearcher, options);
    expect(() => engine.resume({ checkpoint: stored, messages: transcript, decisions: [{ callId: 'c1', decision: 'approve' }] })).toThrow(/not awaiting approval: c1/);
    expect(() => engine.resume({ checkpoint: stored, messages: transcript, decisions: [{ callId: 'd1', decision: 'approve' }] })).toThrow(/not awaiting approval: d1/);
    // Resumed without a decision (e.g. after a crash while waiting), the run asks again and runs nothing.
    const again = await engine.resume({ checkpoint: stored, messages: transcript }).runUntilPause();
    expect(again.next).toMatchObject({ type: 'approval-request', requests: [{ callId: 'd1/child-1/c1' }] });
    expect(executed).toEqual([]);
    await engine.close();
  });

  it("a rejected child call never runs and the child reads the reviewer's reason", async () => {
    const executed: string[] = [];
    const options: CreateEngineOptions = { model: model(), approvals: { transfer: 'always' }, configureTools: (registry) => registry.register(transferTool(executed)) };
    const { stored, transcript } = await pauseOnChildApproval(options);
    const run = createEngine(withResearcher, options).resume({ checkpoint: stored, messages: transcript, decisions: [{ callId: 'd1/child-1/c1', decision: 'reject', reason: 'over the limit' }] });
    const first = await run.step();
    expect(first.toolCalls.find((record) => record.callId === 'd1/child-1/c1')).toMatchObject({ status: 'rejected', result: { content: 'Rejected by reviewer: over the limit', isError: true } });
    const final = await run.runUntilPause();
    expect(final.next.type).toBe('final-output');
    expect(executed).toEqual([]);
    expect(final.transcript.at(-2)).toMatchObject({ role: 'tool', toolCallId: 'd1', content: 'child saw: Rejected by reviewer: over the limit' });
  });

  it("a child's calls pass the parent's hooks, qualified and with their delegation identity; a parent veto stops them", async () => {
    const executed: string[] = [];
    const seen: ToolCallHookInfo[] = [];
    const veto: LifecycleHooks = { toolCallStarting: ({ call }) => (call.name === 'transfer' ? { veto: true, reason: 'no transfers today' } : undefined) };
    const engine = createEngine(withResearcher, { model: model(), hooks: [recordingHooks(seen), veto], configureTools: (registry) => registry.register(transferTool(executed)) });
    const outcome = await engine.execute({ task: 'Delegate a payment', instanceId: 'run-1' });
    await engine.close();
    expect(outcome.next.type).toBe('final-output');
    expect(executed).toEqual([]);
    expect(seen.map((info) => [info.call.id, info.idempotencyKey, info.delegation?.parentCallId ?? null])).toEqual([
      ['d1', 'run-1:d1', null],
      ['d1/child-1/c1', 'run-1/child-1:c1', 'd1'],
    ]);
    expect(outcome.transcript.at(-2)).toMatchObject({ role: 'tool', toolCallId: 'd1', content: 'child saw: Tool call vetoed: no transfers today' });
  });

  it('holds a batch open while a child waits: the finished sibling call runs once and results append in call order', async () => {
    const executed: string[] = [];
    const lookups: string[] = [];
    const options: CreateEngineOptions = {
      model: model('delegate-and-lookup'),
      approvals: { transfer: 'always' },
      configureTools: (registry) => {
        registry.register(transferTool(executed));
        registry.register(lookupTool({ execute: (args: { word: string }) => (lookups.push(args.word), Promise.resolve({ content: `definition of ${args.word}` })) }));
      },
    };
    const { outcome, stored, transcript } = await pauseOnChildApproval(options);
    expect(outcome.next.type).toBe('approval-request');
    expect(outcome.checkpoint.pendingCalls.map((call) => [call.id, call.status])).toEqual([
      ['l1', 'completed'],
      ['d1', 'ready'],
    ]);
    expect(transcript.filter((message) => message.role === 'tool')).toEqual([]);
    const final = await createEngine(withResearcher, options)
      .resume({ checkpoint: stored, messages: transcript, decisions: [{ callId: 'd1/child-1/c1', decision: 'approve' }] })
      .runUntilPause();
    expect(final.next.type).toBe('final-output');
    expect(lookups).toEqual(['loom']);
    expect(executed).toHaveLength(1);
    expect(final.transcript.filter((message) => message.role === 'tool').map((message) => message.role === 'tool' && [message.toolCallId, message.content])).toEqual([
      ['l1', 'definition of loom'],
      ['d1', 'child saw: sent 500'],
    ]);
  });

  it('runs parallel delegations one after another, even when each child awaits inside a tool', async () => {
    let active = 0;
    let maxActive = 0;
    const probe: AnyTool = {
      name: 'probe',
      description: 'Holds a slot across event-loop turns',
      implementationId: 'test-tools/v1/probe',
      inputSchema: z.object({}),
      sideEffects: 'none',
      async execute() {
        active += 1;
        maxActive = Math.max(maxActive, active);
        // Yield to the event loop several times while holding the slot: a concurrently started
        // sibling child would reach its own probe call in the meantime.
        for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setImmediate(resolve));
        active -= 1;
        return { content: 'probed' };
      },
    };
    const scripted = new ScriptedModel([], {
      whenExhausted: (request: ModelRequest) => {
        if (isChild(request)) return hasToolResult(request) ? 'child' : { toolCalls: [{ name: 'probe', arguments: {} }] };
        return hasToolResult(request) ? 'done' : { toolCalls: ['a', 'b', 'c'].map((id) => ({ id, name: 'delegate', arguments: { agent: 'researcher', task: id } })) };
      },
    });
    const outcome = await createEngine(withResearcher, { model: scripted, configureTools: (registry) => registry.register(probe) }).execute('Three at once');
    expect(outcome.next.type).toBe('final-output');
    expect(maxActive).toBe(1);
    expect(outcome.transcript.filter((message) => message.role === 'tool').map((message) => message.role === 'tool' && message.toolCallId)).toEqual(['a', 'b', 'c']);
  });
});

describe('a sub-agent’s built-in tools', () => {
  const childToolsOf = (scripted: ScriptedModel) =>
    new Set(scripted.requests.filter((request) => request.messages[0]?.content.startsWith('You research.')).flatMap((request) => request.tools.map((tool) => tool.name)));

  it('are limited to the parent’s allow-list: a child gets no built-in its parent was denied', async () => {
    const scripted = model();
    await runUntilApprovalPause({ config: { ...withResearcher.config, builtinTools: ['delegate'] } }, { model: scripted, configureTools: (registry) => registry.register(transferTool([])) }, 'pay');
    expect(childToolsOf(scripted)).toEqual(new Set(['transfer']));
  });

  it('without an allow-list, are every built-in that applies to a child, as before', async () => {
    const scripted = model();
    await runUntilApprovalPause(withResearcher, { model: scripted, configureTools: (registry) => registry.register(transferTool([])) }, 'pay');
    expect(childToolsOf(scripted)).toEqual(new Set(['record_citation', 'transfer']));
  });
});
