import type { RunEventStreamItem, StoredRunEvent } from '@agentloom/platform';
import { describe, expect, it } from 'vitest';

import { eventStreamResponse } from './event-stream';

const runFinished = (seq: number): StoredRunEvent => ({ runId: 'run', seq, type: 'run-finished', payload: {}, createdAt: new Date() });

describe('eventStreamResponse', () => {
  it('ends the streams a commit finished only after the frames it brought were flushed (the next tick, where Node uncorks sockets)', async () => {
    // One commit (`run-finished`) wakes every stream at once, as the hub does.
    let commit = () => {};
    const committed = new Promise<void>((resolve) => (commit = resolve));
    async function* items(): AsyncGenerator<RunEventStreamItem> {
      await committed;
      yield { kind: 'events', events: [runFinished(3)] };
    }
    let flushed = false;
    const endedAfterFlush: boolean[] = [];
    const readers = Array.from({ length: 20 }, () => {
      const reader = eventStreamResponse(items(), new AbortController(), 'test').body!.getReader();
      return (async () => {
        await reader.read(); // the opening comment
        expect(new TextDecoder().decode((await reader.read()).value)).toContain('"type":"run-finished"');
        expect((await reader.read()).done).toBe(true);
        endedAfterFlush.push(flushed);
      })();
    });
    await new Promise((resolve) => setImmediate(resolve));
    commit();
    // Runs once the microtasks the commit started are drained: writes to a response are corked
    // until then, so ending responses inside those microtasks holds every stream's frame back.
    process.nextTick(() => (flushed = true));
    await Promise.all(readers);
    expect(endedAfterFlush).toEqual(Array.from({ length: 20 }, () => true));
  });
});
