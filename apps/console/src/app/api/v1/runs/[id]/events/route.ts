import { endedEventStreamResponse, eventStreamHeadResponse, eventStreamResponse } from '~/server/http/event-stream';
import { heartbeatMs, resumeAfterSeq } from '~/server/http/event-stream-parameters';
import { queryParameters } from '~/server/http/query-parameters';
import { jsonResponse, route } from '~/server/http/route';
import { streamSignal } from '~/server/http/stream-signal';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/**
 * The run's events as Server-Sent Events: replays after `Last-Event-ID` (or `?lastEventId=`), then
 * tails live and closes after `run-finished`. A resume at or past the end of a finished run is a
 * 204, so a stock EventSource stops instead of reconnecting forever. Access is checked before the
 * first byte (404 for unknown and foreign runs). `?format=json&afterSeq&limit` pages the log as JSON.
 * A stream counts against the key's concurrent streams (AGENTLOOM_STREAMS_PER_KEY), not its request rate.
 */
export const GET = route<{ id: string }>(
  async ({ request, principal, platform, parameters, streamSlot }) => {
    const afterSeq = resumeAfterSeq(request);
    if (new URL(request.url).searchParams.get('format') === 'json') {
      const { limit } = queryParameters(request, ['limit']);
      return jsonResponse(await platform.runEvents.list(principal, { runId: parameters.id, afterSeq, ...(limit === undefined ? {} : { limit }) }));
    }
    // One access check for both the answer before the first byte and the stream.
    const opening = await platform.runEvents.open(principal, { runId: parameters.id, afterSeq });
    if (opening.ended) return endedEventStreamResponse();
    if (request.method === 'HEAD') return eventStreamHeadResponse();
    // Ends when the client goes away or the key is revoked on any console.
    const abort = streamSignal(platform, principal, request.signal);
    // A client that stops reading overflows its bounded buffer; its connection is then dropped.
    const overflow = new AbortController();
    const items = opening.start(abort.signal, heartbeatMs(request), { onOverflow: () => overflow.abort() });
    return eventStreamResponse(items, abort, `GET /api/v1/runs/${parameters.id}/events`, { overflow: overflow.signal, ...(streamSlot ? { slot: streamSlot } : {}) });
  },
  // The live stream takes a concurrent-stream slot, not a request token; `?format=json` is a request.
  // HEAD opens no stream (Next.js answers it with this handler): it is a request too.
  { role: 'viewer', stream: (request) => request.method !== 'HEAD' && new URL(request.url).searchParams.get('format') !== 'json' },
);
