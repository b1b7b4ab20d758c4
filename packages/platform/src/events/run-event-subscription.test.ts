import { getEventListeners } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { StoredRunEvent } from './run-event';
import { RunEventSubscription } from './run-event-subscription';

const event: StoredRunEvent = { runId: 'run', seq: 1, type: 'step-committed', payload: {}, createdAt: new Date() };

function subscription(): RunEventSubscription {
  return new RunEventSubscription('run', { maxBufferedEvents: 10 }, () => undefined);
}

describe('RunEventSubscription.wait', () => {
  it('heartbeats after every quiet wait, also after waits that events ended early (one timer, refreshed)', async () => {
    const subscriber = subscription();
    const woken = subscriber.wait(5);
    subscriber.deliver([event]);
    await expect(woken).resolves.toBe(true);
    subscriber.take();
    // The timer of the first wait is reused: each later quiet wait must still end in a heartbeat.
    await expect(subscriber.wait(5)).resolves.toBe(false);
    await expect(subscriber.wait(5)).resolves.toBe(false);
    // A different quiet time replaces the timer.
    await expect(subscriber.wait(7)).resolves.toBe(false);
    subscriber.close();
  });

  it('ends a wait when its signal aborts, at once when it already has, and wakes a waiter on close', async () => {
    const subscriber = subscription();
    const abort = new AbortController();
    const waiting = subscriber.wait(60_000, abort.signal);
    abort.abort();
    await expect(waiting).resolves.toBe(false);
    await expect(subscriber.wait(60_000, abort.signal)).resolves.toBe(false);
    const another = new AbortController();
    const closing = subscriber.wait(60_000, another.signal);
    subscriber.close();
    await expect(closing).resolves.toBe(true);
  });
});

describe('RunEventSubscription.deliver', () => {
  const events = (count: number, from = 1): StoredRunEvent[] => Array.from({ length: count }, (_, index) => ({ ...event, seq: from + index }));

  it('holds exactly its bound; one more drops the buffer, tells the transport once and takes nothing after', async () => {
    let overflows = 0;
    const subscriber = new RunEventSubscription('run', { maxBufferedEvents: 5, onOverflow: () => (overflows += 1) }, () => undefined);
    subscriber.deliver(events(3));
    subscriber.deliver(events(2, 4));
    expect(subscriber.bufferedEvents).toBe(5);
    expect(subscriber.hasOverflowed).toBe(false);
    subscriber.deliver(events(1, 6));
    expect(subscriber.hasOverflowed).toBe(true);
    expect(subscriber.bufferedEvents).toBe(0);
    subscriber.deliver(events(1, 7));
    expect(subscriber.bufferedEvents).toBe(0);
    expect(overflows).toBe(1);
    // An overflowed subscriber never waits: its stream must see the overflow and end.
    await expect(subscriber.wait(60_000)).resolves.toBe(true);
    subscriber.close();
  });

  it('is not woken by an empty delivery, and hands over what it holds once', async () => {
    const subscriber = subscription();
    let settled: boolean | undefined;
    const waiting = subscriber.wait(60_000).then((woken) => (settled = woken));
    subscriber.deliver([]);
    await Promise.resolve();
    expect(settled).toBeUndefined();
    subscriber.deliver(events(2));
    await waiting;
    expect(settled).toBe(true);
    expect(subscriber.take()).toEqual({ events: events(2), reread: false });
    expect(subscriber.take()).toEqual({ events: [], reread: false });
    subscriber.close();
  });

  it('asks for a re-read when notified without events, and does not wait while one is due', async () => {
    const subscriber = subscription();
    subscriber.notify();
    await expect(subscriber.wait(60_000)).resolves.toBe(true);
    expect(subscriber.take()).toEqual({ events: [], reread: true });
    expect(subscriber.take().reread).toBe(false);
    subscriber.close();
  });

  it('tells its owner when it closes, and drops what it held', () => {
    const closed: RunEventSubscription[] = [];
    const subscriber = new RunEventSubscription('run', { maxBufferedEvents: 10 }, (which) => closed.push(which));
    subscriber.deliver(events(2));
    subscriber.close();
    expect(closed).toEqual([subscriber]);
    expect(subscriber.bufferedEvents).toBe(0);
  });
});

describe('RunEventSubscription: what a wait leaves behind', () => {
  afterEach(() => void vi.useRealTimers());

  it('does not wait while events are buffered, and a notify wakes a waiter as news', async () => {
    const subscriber = subscription();
    subscriber.deliver([event]);
    await expect(subscriber.wait(60_000)).resolves.toBe(true);
    subscriber.take();
    const waiting = subscriber.wait(60_000);
    subscriber.notify();
    await expect(waiting).resolves.toBe(true);
    subscriber.close();
  });

  it('overflows without an overflow hook', () => {
    const subscriber = new RunEventSubscription('run', { maxBufferedEvents: 1 }, () => undefined);
    subscriber.deliver([event, { ...event, seq: 2 }]);
    expect(subscriber.hasOverflowed).toBe(true);
  });

  it('a shorter earlier quiet time does not cut a longer wait short, and close leaves no timer', async () => {
    vi.useFakeTimers();
    const subscriber = subscription();
    const first = subscriber.wait(10);
    subscriber.deliver([event]);
    await first;
    subscriber.take();
    let settled: boolean | undefined;
    void subscriber.wait(1_000).then((woken) => (settled = woken));
    await vi.advanceTimersByTimeAsync(10);
    expect(settled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(990);
    expect(settled).toBe(false);
    void subscriber.wait(1_000);
    subscriber.close();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('keeps one abort listener, on the current signal only, and none after close', () => {
    const subscriber = subscription();
    const first = new AbortController();
    const second = new AbortController();
    void subscriber.wait(60_000, first.signal);
    subscriber.notify();
    subscriber.take();
    void subscriber.wait(60_000, first.signal);
    subscriber.notify();
    subscriber.take();
    expect(getEventListeners(first.signal, 'abort')).toHaveLength(1);
    void subscriber.wait(60_000, second.signal);
    expect(getEventListeners(first.signal, 'abort')).toHaveLength(0);
    expect(getEventListeners(second.signal, 'abort')).toHaveLength(1);
    subscriber.close();
    expect(getEventListeners(second.signal, 'abort')).toHaveLength(0);
  });
});

