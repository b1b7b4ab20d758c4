import { consoleLogger, RunEventStreamOverflowError, type RunEventStreamItem } from '@agentloom/platform';
import { errorDetails } from '~/server/error-details';
import { encodedEventFrames, heartbeatFrame, reconnectDelayMs } from '~/server/http/event-frames';
import type { StreamSlot } from '~/server/http/stream-slots';

const encoder = new TextEncoder();

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
          // Ended after the next I/O turn, not in this one: when a commit brings `run-finished` to
          // hundreds of streams, ending each response (res.end, finish, pipe teardown) inside the
          // same microtask run held every other stream's last frame back until all had ended
          // (ADR 0070). The frame itself is already enqueued.
          await new Promise((resolve) => setImmediate(resolve));
          end();
          return controller.close();
        }
        controller.enqueue(next.value.kind === 'events' ? encodedEventFrames(next.value.events) : heartbeatFrame);
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
