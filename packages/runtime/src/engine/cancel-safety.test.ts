import { describe, expect, it } from 'vitest';

import type { LifecycleHooks, ToolCallInterruption } from '../contracts/hooks';
import { ScriptedModel } from '../testing/scripted-model';
import { createEngine } from './create-engine';
import { lookupTool, reactSnapshot } from './test-support/lookup-tool';

/** Runs `body`, then lets Node report rejections nobody handled, and returns them. */
async function unhandledDuring(body: () => Promise<void>): Promise<unknown[]> {
  const unhandled: unknown[] = [];
  const listener = (reason: unknown) => unhandled.push(reason);
  process.on('unhandledRejection', listener);
  try {
    await body();
    for (let tick = 0; tick < 3; tick += 1) await new Promise((resolve) => setTimeout(resolve, 0));
  } finally {
    process.off('unhandledRejection', listener);
  }
  return unhandled;
}

function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

const twoLookups = { toolCalls: [{ name: 'lookup', arguments: { word: 'a' } }, { name: 'lookup', arguments: { word: 'b' } }] };

interface Finished {
  callId: string;
  interruption: ToolCallInterruption | undefined;
}

function recordingHooks(finished: Finished[], extra: LifecycleHooks = {}): LifecycleHooks {
  return { ...extra, toolCallFinished: ({ call, interruption }) => void finished.push({ callId: call.id, interruption }) };
}

describe('cancel safety', () => {
  it('a cancel that arrives while the start hooks run never starts the tool, and its rejection cannot escape', async () => {
    const hookEntered = gate();
    const hookRelease = gate();
    const finished: Finished[] = [];
    let executions = 0;
    const tool = lookupTool({
      execute: (_args: unknown, context: { signal: AbortSignal }) => {
        executions += 1;
        // A tool that throws on abort, like the soak tools (timers/promises with a signal).
        return context.signal.aborted ? Promise.reject(new Error('The operation was aborted')) : Promise.resolve({ content: 'ran' });
      },
    });
    const controller = new AbortController();
    const engine = createEngine(reactSnapshot, {
      model: new ScriptedModel([twoLookups]),
      configureTools: (registry) => registry.register(tool),
      hooks: [
        recordingHooks(finished, {
          async toolCallStarting() {
            hookEntered.open();
            await hookRelease.opened;
          },
        }),
      ],
    });
    const unhandled = await unhandledDuring(async () => {
      const pending = engine.start({ task: 'x', signal: controller.signal }).step();
      await hookEntered.opened;
      controller.abort(new Error('Run cancelled'));
      hookRelease.open();
      const step = await pending;
      expect(step.next).toMatchObject({ type: 'interrupted', reason: 'cancelled' });
      await engine.close();
    });
    expect(unhandled).toEqual([]);
    expect(executions).toBe(0);
    expect(finished.map((entry) => entry.interruption)).toEqual(['cancelled', 'cancelled']);
  });

  it('a tool that ignores its signal is abandoned after the grace period; close does not leak its topic rejection', async () => {
    const started = gate();
    const neverStops = gate();
    const finished: Finished[] = [];
    const tool = lookupTool({
      execute: async () => {
        started.open();
        await neverStops.opened;
        return { content: 'finished long after the cancel' };
      },
    });
    const controller = new AbortController();
    const engine = createEngine(reactSnapshot, {
      model: new ScriptedModel([{ toolCalls: [{ name: 'lookup', arguments: { word: 'a' } }] }]),
      configureTools: (registry) => registry.register(tool),
      hooks: [recordingHooks(finished)],
      toolAbortGraceMs: 20,
    });
    const unhandled = await unhandledDuring(async () => {
      const pending = engine.start({ task: 'x', signal: controller.signal }).step();
      await started.opened;
      controller.abort(new Error('Run cancelled'));
      const step = await pending;
      expect(step.next).toMatchObject({ type: 'interrupted', reason: 'cancelled' });
      expect(step.events.find((event) => event.type === 'tool-call-finished')?.data).toMatchObject({ status: 'failed', interruption: 'abandoned' });
      // Closing cancels the tool topics: the abandoned request now rejects with "Topic … cancelled".
      await engine.close();
      neverStops.open();
    });
    expect(unhandled).toEqual([]);
    expect(finished).toEqual([{ callId: expect.any(String) as string, interruption: 'abandoned' }]);
  });

  it('a tool that throws on abort within the grace period ends `cancelled`, and the step waits for it', async () => {
    const started = gate();
    const finished: Finished[] = [];
    const tool = lookupTool({
      execute: (_args: unknown, context: { signal: AbortSignal }) =>
        new Promise((_resolve, reject) => {
          started.open();
          context.signal.addEventListener('abort', () => reject(new Error('The operation was aborted')), { once: true });
        }),
    });
    const controller = new AbortController();
    const engine = createEngine(reactSnapshot, {
      model: new ScriptedModel([twoLookups]),
      configureTools: (registry) => registry.register(tool),
      hooks: [recordingHooks(finished)],
      toolAbortGraceMs: 60_000,
    });
    const unhandled = await unhandledDuring(async () => {
      const pending = engine.start({ task: 'x', signal: controller.signal }).step();
      await started.opened;
      controller.abort(new Error('Run cancelled'));
      expect((await pending).next).toMatchObject({ type: 'interrupted', reason: 'cancelled' });
      await engine.close();
    });
    expect(unhandled).toEqual([]);
    // Both calls were closed before the step returned, not after.
    expect(finished.map((entry) => entry.interruption)).toEqual(['cancelled', 'cancelled']);
  });

  it('a cancel that arrives while the model-call hooks run never asks the model', async () => {
    const model = new ScriptedModel(['never sent']);
    const controller = new AbortController();
    const engine = createEngine(reactSnapshot, {
      model,
      hooks: [{ modelCallStarting: () => void controller.abort(new Error('Run cancelled')) }],
    });
    const step = await engine.start({ task: 'x', signal: controller.signal }).step();
    expect(step.next).toMatchObject({ type: 'interrupted', reason: 'cancelled' });
    expect(model.requests).toHaveLength(0);
    await engine.close();
  });

  it('rejects a negative grace period', () => {
    expect(() => createEngine(reactSnapshot, { model: new ScriptedModel([]), toolAbortGraceMs: -1 })).toThrow(/toolAbortGraceMs/);
  });
});
