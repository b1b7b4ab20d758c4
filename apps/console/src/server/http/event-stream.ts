import { consoleLogger, type RunEventStreamItem, type StoredRunEvent } from '@agentloom/platform';
import { errorDetails } from '~/server/error-details';

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

/** A comment line: ignored by EventSource, but keeps proxies and idle-timeouts from closing the stream. */
const heartbeatFrame = ': heartbeat\n\n';

/**
 * The answer to a stream with nothing left to send (the run finished and the client has
 * `run-finished`): 204, on which a stock EventSource closes for good instead of reconnecting.
 */
export function endedEventStreamResponse(): Response {
  return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });
}

/**
 * Streams platform stream items as `text/event-stream`; the stream closes after `run-finished`. Pull-based, so a slow client holds back
 * the database reads instead of growing a buffer. When the client goes away, `abort` stops the
 * platform stream (its subscription and pending wait), whichever of the request signal or the
 * stream's cancel notices first.
 */
export function eventStreamResponse(items: AsyncGenerator<RunEventStreamItem>, abort: AbortController, route: string): Response {
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      // Sent at once so a client knows the stream is open (and passed access checks) before any event.
      controller.enqueue(encoder.encode(`retry: ${reconnectDelayMs}\n: connected\n\n`));
    },
    async pull(controller) {
      try {
        const next = await items.next();
        if (next.done) return controller.close();
        controller.enqueue(encoder.encode(next.value.kind === 'event' ? formatEventFrame(next.value.event) : heartbeatFrame));
      } catch (error) {
        if (abort.signal.aborted) return;
        // The stream has started, so no status can be sent any more; the client reconnects with Last-Event-ID.
        consoleLogger.error(`${route} stream failed`, errorDetails(error));
        controller.error(error);
      }
    },
    async cancel() {
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
