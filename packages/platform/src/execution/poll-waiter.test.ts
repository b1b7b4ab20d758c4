import { describe, expect, it } from 'vitest';

import { PollWaiter } from './poll-waiter';

describe('PollWaiter', () => {
  it('ends a wait at the poll interval, or at once when woken', async () => {
    const waiter = new PollWaiter(10_000);
    const started = Date.now();
    const waiting = waiter.wait(true);
    waiter.wake();
    await waiting;
    // Half the 10 s poll interval: only the wake can have ended it (no tighter bound on busy machines).
    expect(Date.now() - started).toBeLessThan(5_000);
    // Nobody wakes this one: the poll interval ends the wait.
    await new PollWaiter(20).wait(true);
  });

  it('remembers a wake that came while claiming, but only when there is room', async () => {
    const waiter = new PollWaiter(50);
    waiter.claiming();
    waiter.wake();
    let ended = false;
    await waiter.wait(true).then(() => (ended = true));
    expect(ended).toBe(true);
    waiter.claiming();
    waiter.wake();
    const full = waiter.wait(false).then(() => 'poll');
    expect(await Promise.race([full, new Promise((resolve) => setTimeout(() => resolve('still waiting'), 10))])).toBe('still waiting');
    expect(await full).toBe('poll');
  });
});
