import { describe, expect, it } from 'vitest';
import type { BusNotification } from '../contracts/event-bus';
import { InProcessEventBus } from './in-process-event-bus';

describe('InProcessEventBus', () => {
  it('gives handlers the payload and context but observers only ids and scalar metadata', async () => {
    const bus = new InProcessEventBus<{ secret: string }>();
    const seen: BusNotification[] = [];
    bus.observe((notification) => seen.push(notification));
    bus.register('tools/search', (payload, context) => Promise.resolve({ echoed: payload, secret: context.secret }));
    const result = await bus.request('tools/search', { query: 'private words' }, { secret: 'token' }, { callId: 'c1', attempt: 1 });
    expect(result).toEqual({ echoed: { query: 'private words' }, secret: 'token' });
    expect(seen).toEqual([
      { topic: 'tools/search', kind: 'request-started', data: { callId: 'c1', attempt: 1 } },
      { topic: 'tools/search', kind: 'request-finished', data: { callId: 'c1', attempt: 1 } },
    ]);
    expect(JSON.stringify(seen)).not.toContain('private words');
  });

  it('observers get deep-frozen copies and cannot mutate state', () => {
    const bus = new InProcessEventBus();
    const state = { plan: { items: ['a'] } };
    const errors: unknown[] = [];
    bus.observe((notification) => {
      try {
        (notification.data['value'] as { plan: { items: string[] } }).plan.items.push('hacked');
      } catch (error) {
        errors.push(error);
      }
    });
    bus.publish('state', state);
    expect(errors[0]).toBeInstanceOf(TypeError);
    expect(state.plan.items).toEqual(['a']);
  });

  it('isolates a throwing observer', async () => {
    const bus = new InProcessEventBus();
    bus.observe(() => {
      throw new Error('observer bug');
    });
    bus.register('t', () => Promise.resolve('ok'));
    await expect(bus.request('t', null, undefined, {})).resolves.toBe('ok');
  });

  it('a stale release handle cannot remove a later registration', async () => {
    const bus = new InProcessEventBus();
    const first = bus.register('t', () => Promise.resolve('first'));
    first.release();
    bus.register('t', () => Promise.resolve('second'));
    first.release();
    await expect(bus.request('t', null, undefined, {})).resolves.toBe('second');
  });

  it('observer release handles remove only that observer', () => {
    const bus = new InProcessEventBus();
    const calls: string[] = [];
    const one = bus.observe(() => calls.push('one'));
    bus.observe(() => calls.push('two'));
    one.release();
    one.release();
    bus.publish('x', 1);
    expect(calls).toEqual(['two']);
  });

  it('cancelTopic aborts in-flight requests of one topic and leaves the bus open', async () => {
    const bus = new InProcessEventBus();
    bus.register('slow', () => new Promise(() => undefined));
    bus.register('fast', () => Promise.resolve('fast'));
    const pending = bus.request('slow', null, undefined, {});
    bus.cancelTopic('slow');
    await expect(pending).rejects.toMatchObject({ kind: 'aborted' });
    await expect(bus.request('fast', null, undefined, {})).resolves.toBe('fast');
    bus.register('slow', () => Promise.resolve('new handler'));
    await expect(bus.request('slow', null, undefined, {})).resolves.toBe('new handler');
  });

  it('refuses a second handler for a topic and use after close', async () => {
    const bus = new InProcessEventBus();
    bus.register('t', () => Promise.resolve(1));
    expect(() => bus.register('t', () => Promise.resolve(2))).toThrow(/already has a handler/);
    await bus.close();
    expect(() => bus.publish('t', 1)).toThrow(/closed/);
  });
});
