import { getEventListeners } from 'node:events';

import { describe, expect, it, vi } from 'vitest';

import { AbortedError } from '../errors';
import { abortMessage, raceWithAbort, settlesWithin } from './abort';

/** Collects unhandled rejections until `stop()`; waits two macrotasks so Node has reported them. */
async function watchUnhandled<T>(body: () => Promise<T>): Promise<{ value: T; unhandled: unknown[] }> {
  const unhandled: unknown[] = [];
  const listener = (reason: unknown) => unhandled.push(reason);
  process.on('unhandledRejection', listener);
  try {
    const value = await body();
    for (let tick = 0; tick < 3; tick += 1) await new Promise((resolve) => setTimeout(resolve, 0));
    return { value, unhandled };
  } finally {
    process.off('unhandledRejection', listener);
  }
}

function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void; reject: (error: unknown) => void } {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((done, fail) => {
    resolve = done;
    reject = fail;
  });
  return { promise, resolve, reject };
}

describe('raceWithAbort', () => {
  it('settles with the work when it finishes first', async () => {
    await expect(raceWithAbort(Promise.resolve(42), new AbortController().signal)).resolves.toBe(42);
  });

  it('rejects with AbortedError carrying the reason when the signal wins', async () => {
    const controller = new AbortController();
    const work = deferred<number>();
    const raced = raceWithAbort(work.promise, controller.signal);
    controller.abort(new Error('Cancelled by the host'));
    await expect(raced).rejects.toEqual(new AbortedError('Cancelled by the host'));
  });

  it('observes the abandoned work: its later rejection is not unhandled (signal aborted before the call)', async () => {
    const controller = new AbortController();
    controller.abort(new Error('Cancelled by the host'));
    const work = deferred<number>();
    const { unhandled } = await watchUnhandled(async () => {
      await expect(raceWithAbort(work.promise, controller.signal)).rejects.toBeInstanceOf(AbortedError);
      work.reject(new Error('tool threw on abort'));
    });
    expect(unhandled).toEqual([]);
  });

  it('observes the abandoned work: its later rejection is not unhandled (signal aborted during the call)', async () => {
    const controller = new AbortController();
    const work = deferred<number>();
    const { unhandled } = await watchUnhandled(async () => {
      const raced = raceWithAbort(work.promise, controller.signal);
      controller.abort();
      await expect(raced).rejects.toBeInstanceOf(AbortedError);
      work.reject(new Error('Topic cancelled'));
    });
    expect(unhandled).toEqual([]);
  });
});

describe('settlesWithin', () => {
  it('is true when the work settles, either way, and never rejects', async () => {
    await expect(settlesWithin(Promise.resolve('done'), 1_000)).resolves.toBe(true);
    await expect(settlesWithin(Promise.reject(new Error('stopped')), 1_000)).resolves.toBe(true);
  });

  it('is false when the work outlives the grace period, and its later rejection stays handled', async () => {
    const work = deferred<number>();
    const { value, unhandled } = await watchUnhandled(async () => {
      const stopped = await settlesWithin(work.promise, 1);
      work.reject(new Error('finally gave up'));
      return stopped;
    });
    expect(value).toBe(false);
    expect(unhandled).toEqual([]);
  });
});

describe('abort bookkeeping', () => {
  it('leaves no listener on a long-lived signal once the work has won', async () => {
    // A run's signal lives as long as the run; one listener per call would pile up over its steps.
    const controller = new AbortController();
    for (let call = 0; call < 20; call += 1) await raceWithAbort(Promise.resolve(call), controller.signal);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('leaves no timer behind when the work settles within the grace period', async () => {
    vi.useFakeTimers();
    try {
      expect(await settlesWithin(Promise.resolve('done'), 3_600_000)).toBe(true);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('words the aborted error after the abort reason', () => {
    const reasonOf = (reason?: unknown) => {
      const controller = new AbortController();
      controller.abort(reason);
      return abortMessage(controller.signal);
    };
    expect(reasonOf(new Error('Cancelled by the host'))).toBe('Cancelled by the host');
    expect(reasonOf()).toBe('Run aborted'); // the platform's own AbortError says nothing useful
    expect(reasonOf('Executor draining')).toBe('Executor draining');
    expect(reasonOf(42)).toBe('Run aborted');
  });
});
