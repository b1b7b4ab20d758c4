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
  /** Settles the pending `wait`, if any. */
  private waiting: ((woken: boolean) => void) | undefined;
  private overflowed = false;
  private erased = false;
  /**
   * The heartbeat timer and abort listener live as long as the subscription, not one per wait: a
   * wait refreshes the timer (no allocation) and the listener is added once. With 500 subscribers a
   * commit costs 500 waits, and a timer plus a listener created and removed for each showed in the
   * console's CPU profile (ADR 0070). A timer that fires while nobody waits does nothing.
   */
  private heartbeat: NodeJS.Timeout | undefined;
  private heartbeatMs = 0;
  private abortSignal: AbortSignal | undefined;
  private readonly onAbort = () => this.settle(false);

  constructor(
    readonly runId: string,
    private readonly options: SubscriptionOptions,
    private readonly onClose: (subscription: RunEventSubscription) => void,
  ) {}

  /** True once the buffer overflowed; nothing is delivered after that. */
  get hasOverflowed(): boolean {
    return this.overflowed;
  }

  /** True once the run was erased: the buffer was dropped and the hub delivers nothing more. */
  get runErased(): boolean {
    return this.erased;
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
    this.settle(true);
  }

  /** Asks the subscriber to read from the table itself. */
  notify(): void {
    this.reread = true;
    this.settle(true);
  }

  /**
   * The run was erased (ADR 0104): what the buffer holds is erased content, so it is dropped, not handed out,
   * and a waiting reader wakes to end its stream. The hub delivers nothing more: it dropped the run's tail.
   */
  endErased(): void {
    this.erased = true;
    this.buffer = [];
    this.reread = false;
    this.settle(true);
  }

  /** Empties the buffer. */
  take(): SubscriptionDelivery {
    const delivery = { events: this.buffer, reread: this.reread };
    this.buffer = [];
    this.reread = false;
    return delivery;
  }

  /** Resolves true when there is something to take (or it overflowed, or the run was erased), false after `timeoutMs` or when `signal` aborts. */
  wait(timeoutMs: number, signal?: AbortSignal): Promise<boolean> {
    if (this.buffer.length > 0 || this.reread || this.overflowed || this.erased) return Promise.resolve(true);
    if (signal?.aborted) return Promise.resolve(false);
    if (signal !== this.abortSignal) {
      this.abortSignal?.removeEventListener('abort', this.onAbort);
      this.abortSignal = signal;
      signal?.addEventListener('abort', this.onAbort, { once: true });
    }
    if (this.heartbeat !== undefined && this.heartbeatMs === timeoutMs) this.heartbeat.refresh();
    else {
      clearTimeout(this.heartbeat);
      this.heartbeatMs = timeoutMs;
      this.heartbeat = setTimeout(() => this.settle(false), timeoutMs);
    }
    return new Promise((resolve) => (this.waiting = resolve));
  }

  close(): void {
    this.onClose(this);
    this.buffer = [];
    clearTimeout(this.heartbeat);
    this.abortSignal?.removeEventListener('abort', this.onAbort);
    this.settle(true);
  }

  private settle(woken: boolean): void {
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.(woken);
  }
}
