import type { RunEventStreamItem } from '@agentloom/platform';
import { EventStreamBody } from '~/server/http/event-stream-body';
import { EventStreamSource, type EventStreamLifetime } from '~/server/http/event-stream-source';

const eventStreamHeaders = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-cache, no-transform',
  Connection: 'keep-alive',
  // nginx buffers responses by default, which would hold events back.
  'X-Accel-Buffering': 'no',
};

/**
 * The answer to a stream with nothing left to send (the run finished and the client has
 * `run-finished`): 204, on which a stock EventSource closes for good instead of reconnecting.
 */
export function endedEventStreamResponse(): Response {
  return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });
}

/**
 * Streams platform stream items as `text/event-stream`; the stream closes after `run-finished`.
 * A frame is produced when the response can take one. Live events wait in the platform's bounded
 * per-client buffer; a client that stops reading overflows it, and its connection is dropped (the
 * stream errors), so it reconnects with Last-Event-ID instead of holding memory (ADR 0018). When
 * the client goes away, `abort` stops the platform stream (its subscription and pending wait),
 * whichever of the request signal or the stream's cancel notices first.
 */
export function eventStreamResponse(items: AsyncGenerator<RunEventStreamItem>, abort: AbortController, route: string, lifetime: EventStreamLifetime = {}): Response {
  return new Response(new EventStreamBody(new EventStreamSource(items, abort, route, lifetime)), { status: 200, headers: eventStreamHeaders });
}

/**
 * The answer to HEAD: a stream's headers and no stream. Next.js answers HEAD with the GET handler
 * and never reads the body, so a stream opened for it would hold its slot and its subscription to
 * key revocation until the process ends.
 */
export function eventStreamHeadResponse(): Response {
  return new Response(null, { status: 200, headers: eventStreamHeaders });
}
