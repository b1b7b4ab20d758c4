import { consoleLogger, RunEventStreamOverflowError, type RunEventStreamItem } from '@agentloom/platform';
import { errorDetails } from '~/server/error-details';
import { encodedEventFrames, heartbeatFrame, reconnectDelayMs } from '~/server/http/event-frames';
import type { StreamSlot } from '~/server/http/stream-slots';

const encoder = new TextEncoder();

/** Sent at once so a client knows the stream is open (and passed access checks) before any event. */
const connectedFrame = encoder.encode(`retry: ${reconnectDelayMs}\n: connected\n\n`);

/** How a stream ends early: its client fell behind (`overflow`) and what it holds (`slot`). */
export interface EventStreamLifetime {
  /** Aborted when the platform's buffer for this client overflowed: the connection is dropped at once. */
  overflow?: AbortSignal;
  /** The key's concurrent-stream slot, released whichever way the stream ends. */
  slot?: StreamSlot;
}

/**
 * The chunks of one SSE response, from platform stream items: the opening comment, then one chunk
 * per batch of events (or heartbeat), then the end. Both ways a response body is read use it (a
 * reader pulling, or the direct pipe of `EventStreamBody`), so what a client receives does not
 * depend on which one Next.js takes. The slot is released and the platform stream stopped
 * whichever way the stream ends: done, failed, dropped for falling behind, or cancelled.
 */
export class EventStreamSource {
  private opened = false;
  /** Drops the connection; set by the reading side (it errors a controller, or aborts a writer). */
  private dropConnection: ((error: Error) => void) | undefined;

  constructor(
    private readonly items: AsyncGenerator<RunEventStreamItem>,
    private readonly abort: AbortController,
    private readonly route: string,
    private readonly lifetime: EventStreamLifetime,
  ) {
    lifetime.overflow?.addEventListener('abort', () => this.overflowed());
    // The client may be gone before its body is ever read: Next.js neither pipes nor cancels the body
    // of a response whose socket has closed, so the abort (from the request's signal) is the only
    // sign, and the slot would otherwise stay taken until the process ends. A stream ended by an
    // abort (client gone, key revoked) needs no slot either way.
    if (abort.signal.aborted) this.end();
    else abort.signal.addEventListener('abort', () => this.end(), { once: true });
  }

  /** Who drops the connection when the client falls behind: the last caller wins (the pipe replaces the controller). */
  dropsConnectionWith(drop: (error: Error) => void): void {
    this.dropConnection = drop;
  }

  /**
   * The next chunk, or null when the stream is over (the run finished, the client went away or its
   * key was revoked). Throws when the platform stream failed or overflowed; the stream has started
   * by then, so no status can be sent any more and the client reconnects with Last-Event-ID.
   */
  async next(): Promise<Uint8Array | null> {
    if (!this.opened) {
      this.opened = true;
      return connectedFrame;
    }
    try {
      const next = await this.items.next();
      if (next.done) {
        // Ended after the next I/O turn, not in this one: when a commit brings `run-finished` to
        // hundreds of streams, ending each response (res.end, finish, pipe teardown) inside the
        // same microtask run held every other stream's last frame back until all had ended
        // (ADR 0070). The frame itself is already written.
        await new Promise((resolve) => setImmediate(resolve));
        this.end();
        return null;
      }
      return next.value.kind === 'events' ? encodedEventFrames(next.value.events) : heartbeatFrame;
    } catch (error) {
      this.end();
      if (this.abort.signal.aborted) return null;
      if (error instanceof RunEventStreamOverflowError) consoleLogger.info(`${this.route} client fell behind; stream closed for it to resume`);
      else consoleLogger.error(`${this.route} stream failed`, errorDetails(error));
      throw error;
    }
  }

  /** The client went away: stop the platform stream (its subscription and pending wait). */
  async cancel(): Promise<void> {
    this.end();
    this.abort.abort();
    await this.items.return(undefined);
  }

  /** Everything it does is idempotent: an overflow signalled after the stream ended changes nothing. */
  private overflowed(): void {
    this.end();
    this.abort.abort();
    this.dropConnection?.(new Error(`${this.route}: the client fell behind; closed so it resumes with Last-Event-ID`));
    void this.items.return(undefined);
  }

  private end(): void {
    this.lifetime.slot?.release();
  }
}
