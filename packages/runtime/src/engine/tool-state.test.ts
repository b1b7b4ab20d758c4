import { describe, expect, it } from 'vitest';
import type { AnyTool } from '../contracts/tool-registry';
import { InMemoryToolStateStore } from '../stores/in-memory-tool-state-store';
import { ScriptedModel } from '../testing/scripted-model';
import { createEngine } from './create-engine';
import { lookupTool, reactSnapshot } from './test-support/lookup-tool';

const planSnapshot = { config: { mode: 'plan' as const, completion: { verify: false, requireToolEvidence: false } } };
const planCall = { toolCalls: [{ id: 'p', name: 'plan_update', arguments: { items: [{ id: '1', title: 'Do it', status: 'pending' }] } }] };

describe('tool state', () => {
  it('saves plan updates through the tool state store', async () => {
    const store = new InMemoryToolStateStore();
    const run = createEngine(planSnapshot, { model: new ScriptedModel([planCall]), toolStateStore: store }).start({ task: 't', instanceId: 'run-9' });
    await run.step();
    expect(store.plans.get('run-9')).toEqual({ items: [{ id: '1', title: 'Do it', status: 'pending' }] });
  });

  it('a failed save reverts the plan and stops the run with tool-state-persistence, not a tool error', async () => {
    const failing = new InMemoryToolStateStore();
    failing.savePlan = () => Promise.reject(new Error('disk full'));
    const model = new ScriptedModel([planCall, 'never reached']);
    const outcome = await createEngine(planSnapshot, { model, toolStateStore: failing }).execute('t');
    expect(outcome.next).toMatchObject({ type: 'interrupted', reason: 'failed', error: { kind: 'tool-state-persistence' } });
    expect(outcome.checkpoint.plan).toBeNull();
    expect(model.actionRequests).toHaveLength(1);
    expect(outcome.transcript.some((message) => message.role === 'tool')).toBe(false);
  });

  it('keeps invocation state apart from arguments and reverts it when saving fails', async () => {
    const seen: unknown[] = [];
    const stateful: AnyTool = lookupTool({
      async execute(args: { word: string }, context) {
        await context.invocation.set('attempt', 1);
        seen.push({ args, state: context.invocation.get('attempt') });
        return { content: 'ok' };
      },
    });
    const store = new InMemoryToolStateStore();
    const model = new ScriptedModel([{ toolCalls: [{ id: 'c', name: 'lookup', arguments: { word: 'w' } }] }, 'done']);
    await createEngine(reactSnapshot, { model, toolStateStore: store, configureTools: (registry) => registry.register(stateful) }).execute({ task: 't', instanceId: 'r' });
    expect(seen).toEqual([{ args: { word: 'w' }, state: 1 }]);
    expect(store.invocationStates.get('r:c')).toEqual({ attempt: 1 });
  });

  it('gives handlers a deep-read-only config', async () => {
    let mutationError: unknown;
    const probe = lookupTool({
      execute(_args, context) {
        try {
          (context.config as { instructions: string }).instructions = 'hacked';
        } catch (error) {
          mutationError = error;
        }
        return Promise.resolve({ content: String(context.config['instructions']) });
      },
    });
    const model = new ScriptedModel([{ toolCalls: [{ id: 'c', name: 'lookup', arguments: { word: 'w' } }] }, 'done']);
    await createEngine(reactSnapshot, { model, configureTools: (registry) => registry.register(probe) }).execute('t');
    expect(mutationError).toBeInstanceOf(TypeError);
    expect(model.actionRequests[1]?.messages.at(-1)?.content).toBe('Be brief.');
  });

  it('a hook veto is recorded and shown to the model', async () => {
    let executed = false;
    const tool = lookupTool({
      execute() {
        executed = true;
        return Promise.resolve({ content: 'ran' });
      },
    });
    const model = new ScriptedModel([{ toolCalls: [{ id: 'c', name: 'lookup', arguments: { word: 'secret' } }] }, 'ok']);
    const hooks = [{ toolCallStarting: ({ call }: { call: { arguments: Record<string, unknown> } }) => (call.arguments['word'] === 'secret' ? { veto: true as const, reason: 'no secrets' } : undefined) }];
    const run = createEngine(reactSnapshot, { model, hooks, configureTools: (registry) => registry.register(tool) }).start({ task: 't' });
    const step = await run.step();
    expect(executed).toBe(false);
    expect(step.toolCalls[0]).toMatchObject({ status: 'vetoed', result: { content: 'Tool call vetoed: no secrets' } });
    expect(step.events.find((event) => event.type === 'tool-call-finished')?.data).toMatchObject({ status: 'vetoed' });
  });

  it('records citations on the step', async () => {
    const model = new ScriptedModel([{ toolCalls: [{ id: 'c', name: 'record_citation', arguments: { source: 'https://example.org/loom', quote: 'weaves' } }] }, 'ok']);
    const step = await createEngine(reactSnapshot, { model }).start({ task: 't' }).step();
    expect(step.citations).toEqual([{ source: 'https://example.org/loom', quote: 'weaves' }]);
    expect(step.events.some((event) => event.type === 'citation-recorded')).toBe(true);
  });
});
