import type { NotificationHandler, NotificationListener } from '@agentloom/db';

import { runEventsChannel, type StoredRunEvent } from '../events/run-event';
import type { RunEventStreamItem } from '../events/stream-run-events';

/**
 * A run's event log in memory with Postgres's notification contract: a commit appends rows, then
 * notifies "run:last seq". The reference implementation of the event hub's two ports (its
 * notification listener and its page read), for unit tests of fan-out. Reads are counted, which is
 * what fan-out is about.
 */
export class MemoryRunLog implements NotificationListener {
  readonly events: StoredRunEvent[] = [];
  reads = 0;
  /** The seq each read started after, in order. */
  readonly readsAfter: number[] = [];
  failNextRead = false;
  /** True once the hub released its LISTEN. */
  released = false;
  /** Holds back the answer (read at call time) of the next read until released. */
  private heldRead: Promise<void> | undefined;
  private handler: NotificationHandler | undefined;

  constructor(readonly runId: string) {}

  listen(channel: string, handler: NotificationHandler): Promise<() => Promise<void>> {
    if (channel !== runEventsChannel) throw new Error(`MemoryRunLog carries ${runEventsChannel}, not ${channel}`);
    this.handler = handler;
    this.released = false;
    return Promise.resolve(() => {
      this.released = true;
      return Promise.resolve();
    });
  }

  close(): Promise<void> {
    return Promise.resolve();
  }

  read = (id: string, afterSeq: number, limit: number): Promise<StoredRunEvent[]> => {
    this.reads += 1;
    this.readsAfter.push(afterSeq);
    if (this.failNextRead) {
      this.failNextRead = false;
      return Promise.reject(new Error('connection lost'));
    }
    const page = this.events.filter((event) => event.runId === id && event.seq > afterSeq).slice(0, limit);
    const held = this.heldRead;
    this.heldRead = undefined;
    return held ? held.then(() => page) : Promise.resolve(page);
  };

  holdNextRead(): () => void {
    let release = () => {};
    this.heldRead = new Promise<void>((resolve) => (release = resolve));
    return release;
  }

  /** Appends rows without notifying: a commit whose notification was lost (or never sent). */
  append(...types: string[]): void {
    for (const type of types) this.events.push({ runId: this.runId, seq: this.events.length + 1, type, payload: {}, createdAt: new Date() });
  }

  /** Appends rows and notifies, as a committing writer does. */
  commit(...types: string[]): void {
    this.append(...types);
    this.notify(this.runId);
  }

  /** Sends a notification for any run. */
  notify(runId: string): void {
    this.handler?.onNotification(`${runId}:${this.events.length}`);
  }

  /** The listening connection came back (notifications may have been missed). */
  reconnect(): void {
    this.handler?.onReconnected?.();
  }

  finishedSeq = (): Promise<number | null> => Promise.resolve(this.events.find((event) => event.type === 'run-finished')?.seq ?? null);
}

/** A stream read to its end in the background: what it saw, and a way to wait until it has seen a seq. */
export interface ConsumedStream {
  events: StoredRunEvent[];
  done: Promise<void>;
  reached(seq: number): Promise<void>;
}

export function consumeRunEventStream(stream: AsyncGenerator<RunEventStreamItem>): ConsumedStream {
  const events: StoredRunEvent[] = [];
  const waiters: { seq: number; resolve: () => void }[] = [];
  const done = (async () => {
    for await (const item of stream) {
      if (item.kind !== 'events') continue;
      events.push(...item.events);
      for (const waiter of waiters.filter((candidate) => candidate.seq <= item.events.at(-1)!.seq)) waiter.resolve();
    }
  })();
  const reached = (seq: number) => (events.some((event) => event.seq >= seq) ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ seq, resolve })));
  return { events, done, reached };
}
