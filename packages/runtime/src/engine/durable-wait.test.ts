import { describe, expect, it } from 'vitest';
import { serializeCheckpoint } from '../checkpoint/serialize';
import type { Message } from '../contracts/messages';
import { InMemoryWaitPort } from '../stores/in-memory-wait-port';
import { ScriptedModel } from '../testing/scripted-model';
import { createEngine } from './create-engine';
import type { CreateEngineOptions } from './assembly/engine-options';
import { reactSnapshot } from './test-support/lookup-tool';

const waitSnapshot = { config: { ...reactSnapshot.config, builtinTools: ['sleep', 'wait_for_event'] } };

function clockAt(start: string) {
  let now = Date.parse(start);
  return { now: () => new Date(now), advance: (ms: number) => (now += ms) };
}

/** Runs until the engine pauses and returns what a host would have persisted. */
async function pause(options: CreateEngineOptions, task: string) {
  const engine = createEngine(waitSnapshot, options);
  const outcome = await engine.execute({ task, instanceId: 'run-1' });
  await engine.close();
  return { outcome, stored: serializeCheckpoint(outcome.checkpoint), transcript: JSON.parse(JSON.stringify(outcome.transcript)) as Message[] };
}

describe('durable waits', () => {
  it('parks a sleep with a wait step, then resumes with the elapsed result once the clock passes', async () => {
    const clock = clockAt('2026-12-01T10:00:00Z');
    const waits = new InMemoryWaitPort(clock.now);
    const model = new ScriptedModel([{ toolCalls: [{ id: 's1', name: 'sleep', arguments: { seconds: 60 } }] }, 'Woke up.']);
    const options: CreateEngineOptions = { model, waits };
    const { outcome, stored, transcript } = await pause(options, 'Wait a minute');
    expect(outcome.next).toEqual({ type: 'wait', waits: [{ callId: 's1', toolName: 'sleep', kind: 'timer', wakeAt: '2026-12-01T10:01:00.000Z' }] });
    expect(outcome.checkpoint.status).toBe('waiting');
    expect(transcript.some((message) => message.role === 'tool')).toBe(false);

    // Resumed too early (a spurious wake): the call parks again with the same wake time.
    const early = await createEngine(waitSnapshot, options).resume({ checkpoint: stored, messages: transcript }).runUntilPause();
    expect(early.next).toMatchObject({ type: 'wait', waits: [{ wakeAt: '2026-12-01T10:01:00.000Z' }] });

    clock.advance(60_000);
    const final = await createEngine(waitSnapshot, options).resume({ checkpoint: stored, messages: transcript }).runUntilPause();
    expect(final.next).toEqual({ type: 'final-output', output: 'Woke up.' });
    expect(model.actionRequests[1]?.messages.at(-1)).toEqual({ role: 'tool', toolCallId: 's1', toolName: 'sleep', content: 'Waited until 2026-12-01T10:01:00.000Z.' });
  });

  it('gives the delivered payload to wait_for_event as its result, and refuses a second delivery', async () => {
    const waits = new InMemoryWaitPort();
    const model = new ScriptedModel([{ toolCalls: [{ id: 'e1', name: 'wait_for_event', arguments: { correlationKey: 'order-7' } }] }, 'Paid.']);
    const options: CreateEngineOptions = { model, waits };
    const { outcome, stored, transcript } = await pause(options, 'Wait for payment');
    expect(outcome.next).toMatchObject({ type: 'wait', waits: [{ kind: 'event', correlationKey: 'order-7', wakeAt: null }] });
    expect(waits.deliver('order-7', { paid: true })).toBe(true);
    expect(waits.deliver('order-7', { paid: false })).toBe(false);
    const final = await createEngine(waitSnapshot, options).resume({ checkpoint: stored, messages: transcript }).runUntilPause();
    expect(final.next).toEqual({ type: 'final-output', output: 'Paid.' });
    expect(model.actionRequests[1]?.messages.at(-1)).toMatchObject({ role: 'tool', content: 'Event "order-7" received: {"paid":true}' });
  });

  it('registers the wait tools only when listed and a wait store is bound', () => {
    expect(createEngine(reactSnapshot, { model: new ScriptedModel([]), waits: new InMemoryWaitPort() }).services.registry.resolve('sleep')).toBeUndefined();
    expect(createEngine(waitSnapshot, { model: new ScriptedModel([]) }).services.registry.resolve('sleep')).toBeUndefined();
    expect(createEngine(waitSnapshot, { model: new ScriptedModel([]), waits: new InMemoryWaitPort() }).services.registry.resolve('sleep')?.implementationId).toBe('builtin-tools/v1/sleep');
  });
});
