import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import type { LifecycleHooks } from '../contracts/hooks';
import type { ModelRequest } from '../contracts/model-gateway';
import type { AnyTool } from '../contracts/tool-registry';
import { AbortedError, ValidationError } from '../errors';
import { ScriptedModel } from '../testing/scripted-model';
import type { CreateEngineOptions } from './assembly/engine-options';
import { createEngine } from './create-engine';
import { createChildRunner, type ChildEngine, type ChildRunMetadata } from './delegation/child-runner';
import type { StepResult } from './step-result';

/**
 * What a sub-agent's run hands back to its parent: every lifecycle hook (the platform's cancel fence sits on
 * `modelCallStarting`, its ledger on the tool hooks), the step's record of the child's calls and events, and
 * the sub-agent the parent named. Each is what a host relies on to treat a child like the run itself.
 */
const withTwoSubAgents = {
  config: {
    mode: 'react' as const,
    completion: { verify: false, requireToolEvidence: false },
    subAgents: [
      { name: 'researcher', description: 'Finds facts', instructions: 'You research.' },
      { name: 'writer', description: 'Writes text', instructions: 'You write.' },
    ],
  },
};

const childInstructions = (request: ModelRequest) => request.messages[0]?.content ?? '';
const isChild = (request: ModelRequest) => /^You (research|write)\./.test(childInstructions(request));
const hasToolResult = (request: ModelRequest) => request.messages.some((message) => message.role === 'tool');

function recordTool(executed: string[]): AnyTool {
  return {
    name: 'record',
    description: 'Records a note outside the run',
    implementationId: 'notes/v1/record',
    inputSchema: z.object({ note: z.string() }),
    sideEffects: 'unsafe',
    execute(args: { note: string }, context) {
      executed.push(args.note);
      context.citations.record({ source: `https://example.org/notes/${args.note}` });
      return Promise.resolve({ content: `recorded ${args.note}` });
    },
  };
}

/** The parent delegates to `agent` once; the child calls `record` once and then answers with its instructions. */
function model(agent: string) {
  return new ScriptedModel([], {
    whenExhausted: (request: ModelRequest) => {
      if (isChild(request)) return hasToolResult(request) ? `child of "${childInstructions(request)}" done` : { toolCalls: [{ id: 'c1', name: 'record', arguments: { note: 'n1' } }] };
      if (hasToolResult(request)) return 'Parent done.';
      return { toolCalls: [{ id: 'd1', name: 'delegate', arguments: { agent, task: 'note it' } }] };
    },
  });
}

/** Every step of one run, as a host commits them: their events and call records are what it writes. */
async function stepsOf(options: CreateEngineOptions): Promise<StepResult[]> {
  const engine = createEngine(withTwoSubAgents, options);
  const run = engine.start({ task: 'Delegate a note', instanceId: 'run-1' });
  const steps: StepResult[] = [];
  try {
    for (;;) {
      const step = await run.step();
      steps.push(step);
      if (step.next.type !== 'run-again') return steps;
    }
  } finally {
    await engine.close();
  }
}

function engineOptions(executed: string[], agent: string, hooks: LifecycleHooks[] = [], approvals: CreateEngineOptions['approvals'] = {}): CreateEngineOptions {
  return { model: model(agent), hooks, approvals, configureTools: (registry) => registry.register(recordTool(executed)) };
}

describe("a sub-agent's run, as its parent sees it", () => {
  it('passes every model call and context of the child through the parent hooks, and each finished call qualified', async () => {
    const seen: string[] = [];
    const hooks: LifecycleHooks = {
      contextPrepared: ({ instanceId }) => void seen.push(`context ${instanceId}`),
      modelCallStarting: ({ instanceId }) => void seen.push(`model starting ${instanceId}`),
      modelCallFinished: ({ instanceId }) => void seen.push(`model finished ${instanceId}`),
      toolCallFinished: ({ call, delegation }) => void seen.push(`tool finished ${call.id} ${delegation?.parentCallId ?? '-'}`),
    };
    const engine = createEngine(withTwoSubAgents, engineOptions([], 'researcher', [hooks]));
    await engine.execute({ task: 'Delegate a note', instanceId: 'run-1' });
    await engine.close();
    const child = 'run-1/child-1';
    expect(seen.filter((entry) => entry.endsWith(child))).toEqual([
      `context ${child}`,
      `model starting ${child}`,
      `model finished ${child}`,
      `context ${child}`,
      `model starting ${child}`,
      `model finished ${child}`,
    ]);
    expect(seen.filter((entry) => entry.startsWith('tool finished'))).toEqual(['tool finished d1/child-1/c1 d1', 'tool finished d1 -']);
  });

  it("stops the child's next model call when a parent hook refuses it, as the platform's cancel fence does", async () => {
    const executed: string[] = [];
    const cancelFence: LifecycleHooks = {
      modelCallStarting: ({ instanceId }) => {
        if (instanceId.includes('/child-')) throw new AbortedError('The run was cancelled before this call started');
      },
    };
    const steps = await stepsOf(engineOptions(executed, 'researcher', [cancelFence]));
    expect(executed).toEqual([]);
    const events = steps.flatMap((step) => step.events);
    expect(events.some((event) => event.type === 'model-call-started' && event.data['delegation'] !== undefined)).toBe(false);
    // The parent hears that its child stopped, and why, as the delegate call's result.
    const delegated = steps.flatMap((step) => step.toolCalls).find((call) => call.callId === 'd1');
    expect(delegated?.result?.content).toMatch(/^Sub-agent researcher stopped: .*cancelled/);
    expect(delegated?.result).toMatchObject({ isError: true, data: { status: 'interrupted' } });
  });

  it('runs the sub-agent the delegate call names', async () => {
    const engine = createEngine(withTwoSubAgents, engineOptions([], 'writer'));
    const outcome = await engine.execute({ task: 'Delegate a note', instanceId: 'run-1' });
    await engine.close();
    expect(outcome.transcript.find((message) => message.role === 'tool' && message.toolCallId === 'd1')?.content).toMatch(/^child of "You write\./);
  });

  it("records the child's events in the parent's log: its run's start and end renamed, call ids qualified, bookkeeping left out", async () => {
    const steps = await stepsOf(engineOptions([], 'researcher'));
    const fromChild = steps.flatMap((step) => step.events).filter((event) => event.data['delegation'] !== undefined);
    const types = fromChild.map((event) => event.type);
    expect(types[0]).toBe('child-run-started');
    expect(types.at(-1)).toBe('child-run-finished');
    expect(types).not.toContain('run-started');
    expect(types).not.toContain('run-finished');
    for (const bookkeeping of ['step-started', 'checkpoint-saved', 'text-delta']) expect(types).not.toContain(bookkeeping);
    const callEvents = fromChild.filter((event) => typeof event.data['callId'] === 'string');
    expect(callEvents.length).toBeGreaterThan(0);
    expect(new Set(callEvents.map((event) => event.data['callId']))).toEqual(new Set(['d1/child-1/c1']));
    const started = fromChild.find((event) => event.type === 'child-run-started');
    expect(started?.data).toMatchObject({ resumed: false, delegation: { parentCallId: 'd1', agent: 'researcher', instanceId: 'run-1/child-1' } });
    // What the child cited is the run's evidence too.
    expect(steps.flatMap((step) => step.citations)).toEqual([expect.objectContaining({ source: 'https://example.org/notes/n1' })]);
  });

  it("records the child's call that waits for approval in the step that pauses: qualified, awaiting, linked to the delegation", async () => {
    const executed: string[] = [];
    const steps = await stepsOf(engineOptions(executed, 'researcher', [], { record: 'always' }));
    const outcome = steps.at(-1)!;
    expect(outcome.next.type).toBe('approval-request');
    expect(executed).toEqual([]);
    const delegation = { parentCallId: 'd1', agent: 'researcher', instanceId: 'run-1/child-1' };
    expect(outcome.toolCalls.filter((call) => call.delegation !== undefined)).toEqual([
      expect.objectContaining({ callId: 'd1/child-1/c1', name: 'record', status: 'awaiting-approval', idempotencyKey: 'run-1/child-1:c1', delegation }),
    ]);
    const finished = outcome.events.find((event) => event.type === 'child-run-finished');
    expect(finished?.data).toMatchObject({ outcome: 'awaiting-approval', callIds: ['d1/child-1/c1'], delegation });
  });
});

describe('the child runner', () => {
  const researcher = { name: 'researcher', description: 'Finds facts', instructions: 'You research.', mode: 'react' as const };
  const metadata = () => ({ parentInstanceId: 'run-1', ordinal: 1, signal: new AbortController().signal, call: { id: 'd1' }, recorder: {} }) as unknown as ChildRunMetadata;

  it('refuses a sub-agent the agent does not have, by name', async () => {
    const runner = createChildRunner([researcher], () => {
      throw new Error('no engine is built for an unknown sub-agent');
    });
    await expect(runner.run({ agent: 'intruder', task: 'x' }, metadata())).rejects.toThrow(new ValidationError('Unknown sub-agent "intruder"'));
  });

  it("closes the child's engine however its run ends", async () => {
    let closed = 0;
    const failing: ChildEngine = {
      start: () => ({ step: () => Promise.reject(new Error('provider down')), transcript: () => [] }),
      resume: () => {
        throw new Error('not resumed here');
      },
      close: () => Promise.resolve(void (closed += 1)),
    };
    const runner = createChildRunner([researcher], () => failing);
    await expect(runner.run({ agent: 'researcher', task: 'x' }, metadata())).rejects.toThrow('provider down');
    expect(closed).toBe(1);
  });
});
