import { describe, expect, it } from 'vitest';

import type { ToolCallInterruption } from '../contracts/hooks';
import { HostStoppingError } from '../errors';
import { ScriptedModel } from '../testing/scripted-model';
import { createEngine } from './create-engine';
import { lookupTool, reactSnapshot } from './test-support/lookup-tool';

function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/**
 * The host stopping is not a cancel (ADR 0108): an abort whose reason is `HostStoppingError` ends the
 * step `host-stopping`, and the call it caught hears `host-stopping` whether or not it stopped in time,
 * so the host can leave it as a crash would instead of closing it as cancelled.
 */
describe('an abort because the host stops', () => {
  it.each([
    ['stops on its abort', true],
    ['ignores its abort', false],
  ])('interrupts the step `host-stopping`, never `cancelled`, for a tool that %s', async (_name, honoursAbort) => {
    const started = gate();
    const neverReturns = gate();
    const heard: (ToolCallInterruption | undefined)[] = [];
    const tool = lookupTool({
      execute: (_args: unknown, context: { signal: AbortSignal }) =>
        new Promise((_resolve, reject) => {
          started.open();
          if (honoursAbort) context.signal.addEventListener('abort', () => reject(new Error('The operation was aborted')), { once: true });
          void neverReturns.opened;
        }),
    });
    const controller = new AbortController();
    const engine = createEngine(reactSnapshot, {
      model: new ScriptedModel([{ toolCalls: [{ name: 'lookup', arguments: { word: 'a' } }] }]),
      configureTools: (registry) => registry.register(tool),
      hooks: [{ toolCallFinished: ({ interruption }) => void heard.push(interruption) }],
      toolAbortGraceMs: 20,
    });
    const pending = engine.start({ task: 'x', signal: controller.signal }).step();
    await started.opened;
    controller.abort(new HostStoppingError('Executor worker-1 stopped'));
    const step = await pending;
    expect(step.next).toMatchObject({ type: 'interrupted', reason: 'host-stopping', error: { kind: 'host-stopping', message: 'Executor worker-1 stopped' } });
    expect(heard).toEqual(['host-stopping']);
    await engine.close();
    neverReturns.open();
  });

  it.each([
    ['the host stops', () => new HostStoppingError('Executor worker-1 stopped'), 'not-started', 'host-stopping'],
    ['the run is cancelled', () => new Error('Cancelled'), 'cancelled', 'cancelled'],
  ] as const)(
    'a call whose start the hooks were recording when %s never runs, and the hooks hear why',
    async (_name, reason, interruption, stepReason) => {
      let executions = 0;
      const heard: { interruption: ToolCallInterruption | undefined; content: string }[] = [];
      const controller = new AbortController();
      const engine = createEngine(reactSnapshot, {
        model: new ScriptedModel([{ toolCalls: [{ name: 'lookup', arguments: { word: 'a' } }] }]),
        configureTools: (registry) =>
          registry.register(
            lookupTool({
              execute: () => {
                executions += 1;
                return Promise.resolve({ content: 'found' });
              },
            }),
          ),
        hooks: [
          {
            // The abort lands while the host's ledger records the start.
            toolCallStarting: () => void controller.abort(reason()),
            toolCallFinished: ({ interruption: heardInterruption, result }) => void heard.push({ interruption: heardInterruption, content: result.content }),
          },
        ],
      });
      const step = await engine.start({ task: 'x', signal: controller.signal }).step();
      expect(step.next).toMatchObject({ type: 'interrupted', reason: stepReason });
      expect(executions).toBe(0);
      expect(heard).toEqual([{ interruption, content: interruption === 'not-started' ? 'Not started: the host stopped before it ran' : 'Cancelled before it started' }]);
      await engine.close();
    },
  );

  it('a host stop before the step starts is not a cancel either', async () => {
    const controller = new AbortController();
    controller.abort(new HostStoppingError());
    const engine = createEngine(reactSnapshot, { model: new ScriptedModel([{ text: 'never asked' }]) });
    const step = await engine.start({ task: 'x', signal: controller.signal }).step();
    expect(step.next).toMatchObject({ type: 'interrupted', reason: 'host-stopping' });
    await engine.close();
  });

  it('any other abort reason is still a cancel', async () => {
    const controller = new AbortController();
    controller.abort(new Error('Executor stopped'));
    const engine = createEngine(reactSnapshot, { model: new ScriptedModel([{ text: 'never asked' }]) });
    const step = await engine.start({ task: 'x', signal: controller.signal }).step();
    expect(step.next).toMatchObject({ type: 'interrupted', reason: 'cancelled' });
    await engine.close();
  });
});
