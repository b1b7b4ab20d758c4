import { describe, expect, it } from 'vitest';

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
