import { consoleLogger, RunEventStreamOverflowError, type RunEventStreamItem, type StoredRunEvent } from '@agentloom/platform';
import { errorDetails } from '~/server/error-details';
import type { StreamSlot } from '~/server/http/stream-slots';

const encoder = new TextEncoder();

/** How long a stock EventSource waits before reconnecting after a dropped connection (`retry:`). */
export const reconnectDelayMs = 3_000;

/**
 * One run event as an SSE frame. `id` is the seq, which is what a reconnect sends as Last-Event-ID.
 * Every frame is a default `message` (no `event:` field) carrying the type in its JSON, so a stock
 * `EventSource.onmessage` receives every event; named `event:` types would reach only listeners
 * registered for each type by name, and silently drop types added later. `retry:` rides along so
 * any frame tells a reconnecting client how long to wait.
 */
export function formatEventFrame(event: StoredRunEvent): string {
  const data = JSON.stringify({ seq: event.seq, type: event.type, payload: event.payload, createdAt: event.createdAt.toISOString() });
  return `retry: ${reconnectDelayMs}\nid: ${event.seq}\ndata: ${data}\n\n`;
}

/**
 * Encoded frames by event object. The platform hands every subscriber of a run the same event
 * objects (one read per commit), so the frame is serialized and encoded once per event for all of
 * them; the entry goes when the event object does.
 */
const encodedFrames = new WeakMap<StoredRunEvent, Uint8Array>();

export function encodedEventFrame(event: StoredRunEvent): Uint8Array {
  let frame = encodedFrames.get(event);
  if (frame === undefined) {
    frame = encoder.encode(formatEventFrame(event));
    encodedFrames.set(event, frame);
  }
  return frame;
}

/** A comment line: ignored by EventSource, but keeps proxies and idle-timeouts from closing the stream. */
const heartbeatFrame = encoder.encode(': heartbeat\n\n');

/**
 * The answer to a stream with nothing left to send (the run finished and the client has
 * `run-finished`): 204, on which a stock EventSource closes for good instead of reconnecting.
 */
export function endedEventStreamResponse(): Response {
  return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });
}

/** How a stream ends early: its client fell behind (`overflow`) and what it holds (`slot`). */
export interface EventStreamLifetime {
  /** Aborted when the platform's buffer for this client overflowed: the connection is dropped at once. */
  overflow?: AbortSignal;
  /** The key's concurrent-stream slot, released whichever way the stream ends. */
  slot?: StreamSlot;
}

/**
 * Streams platform stream items as `text/event-stream`; the stream closes after `run-finished`.
 * Pull-based: a frame is produced when the response can take one. Live events wait in the
 * platform's bounded per-client buffer; a client that stops reading overflows it, and its
 * connection is dropped (the stream errors), so it reconnects with Last-Event-ID instead of holding
 * memory (ADR 0018). When the client goes away, `abort` stops the platform stream (its
 * subscription and pending wait), whichever of the request signal or the stream's cancel notices
 * first.
 */
export function eventStreamResponse(items: AsyncGenerator<RunEventStreamItem>, abort: AbortController, route: string, lifetime: EventStreamLifetime = {}): Response {
  let ended = false;
  const end = () => {
    ended = true;
    lifetime.slot?.release();
  };
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      // Sent at once so a client knows the stream is open (and passed access checks) before any event.
      controller.enqueue(encoder.encode(`retry: ${reconnectDelayMs}\n: connected\n\n`));
      lifetime.overflow?.addEventListener(
        'abort',
        () => {
          if (ended) return;
          end();
          abort.abort();
          controller.error(new Error(`${route}: the client fell behind; closed so it resumes with Last-Event-ID`));
          void items.return(undefined);
        },
        { once: true },
      );
    },
    async pull(controller) {
      try {
        const next = await items.next();
        if (next.done) {
          end();
          return controller.close();
        }
        controller.enqueue(next.value.kind === 'event' ? encodedEventFrame(next.value.event) : heartbeatFrame);
      } catch (error) {
        end();
        if (abort.signal.aborted) return;
        // The stream has started, so no status can be sent any more; the client reconnects with Last-Event-ID.
        if (error instanceof RunEventStreamOverflowError) consoleLogger.info(`${route} client fell behind; stream closed for it to resume`);
        else consoleLogger.error(`${route} stream failed`, errorDetails(error));
        controller.error(error);
      }
    },
    async cancel() {
      end();
      abort.abort();
      await items.return(undefined);
    },
  });
  return new Response(stream, {
    status: 200,
    headers: {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      // nginx buffers responses by default, which would hold events back.
      'X-Accel-Buffering': 'no',
    },
  });
}
