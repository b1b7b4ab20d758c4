import type { StoredRunEvent } from './run-event';

/** What a subscriber finds when it wakes: events the hub read for it, and whether to re-read the table itself. */
export interface SubscriptionDelivery {
  events: StoredRunEvent[];
  /** Notified without events (no shared read yet, a lost connection, a failed read): read from the table. */
  reread: boolean;
}

/** How a subscription behaves when its reader falls behind. */
export interface SubscriptionOptions {
  /** Events held for a subscriber that has not taken them yet; one more and it is closed (overflow). */
  maxBufferedEvents: number;
  /** Called once, when the buffer overflows: the transport closes the connection so the client resumes. */
  onOverflow?: () => void;
}

/**
 * One reader's interest in one run: a bounded buffer the hub fills with the events it read once for
 * every subscriber of the run. The buffer never grows past `maxBufferedEvents`: a subscriber that
 * does not keep up (a client that stopped reading) has its buffer dropped and is marked
 * `overflowed`, so its stream ends and the client reconnects with Last-Event-ID, reading what it
 * missed from the table — slow clients cost a reconnect, never memory.
 */
export class RunEventSubscription {
  private buffer: StoredRunEvent[] = [];
  private reread = false;
  private wake: (() => void) | undefined;
  private overflowed = false;

  constructor(
    readonly runId: string,
    private readonly options: SubscriptionOptions,
    private readonly onClose: (subscription: RunEventSubscription) => void,
  ) {}

  /** True once the buffer overflowed; nothing is delivered after that. */
  get hasOverflowed(): boolean {
    return this.overflowed;
  }

  /** Events waiting in the buffer (never more than `maxBufferedEvents`). */
  get bufferedEvents(): number {
    return this.buffer.length;
  }

  /** Adds events the hub read (the same array objects for every subscriber: no copies, no per-subscriber work). */
  deliver(events: readonly StoredRunEvent[]): void {
    if (this.overflowed || events.length === 0) return;
    if (this.buffer.length + events.length > this.options.maxBufferedEvents) {
      this.overflowed = true;
      this.buffer = [];
      this.options.onOverflow?.();
    } else {
      for (const event of events) this.buffer.push(event);
    }
    this.wake?.();
  }

  /** Asks the subscriber to read from the table itself. */
  notify(): void {
    this.reread = true;
    this.wake?.();
  }

  /** Empties the buffer. */
  take(): SubscriptionDelivery {
    const delivery = { events: this.buffer, reread: this.reread };
    this.buffer = [];
    this.reread = false;
    return delivery;
  }

  /** Resolves true when there is something to take (or it overflowed), false after `timeoutMs` or when `signal` aborts. */
  wait(timeoutMs: number, signal?: AbortSignal): Promise<boolean> {
    if (this.buffer.length > 0 || this.reread || this.overflowed) return Promise.resolve(true);
    return new Promise((resolve) => {
      const finish = (woken: boolean) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        this.wake = undefined;
        resolve(woken);
      };
      const onAbort = () => finish(false);
      const timer = setTimeout(() => finish(false), timeoutMs);
      signal?.addEventListener('abort', onAbort, { once: true });
      this.wake = () => finish(true);
    });
  }

  close(): void {
    this.onClose(this);
    this.buffer = [];
    this.wake?.();
  }
}
