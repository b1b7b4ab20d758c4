import { EventSourceParserStream, type EventSourceMessage } from 'eventsource-parser/stream';

import { AgentLoomApiError } from './api-error.ts';
import { pathSegment } from './path-segment.ts';
import type { Transport } from './transport.ts';
import type { RunEvent } from './types.ts';

export interface StreamRunEventsOptions {
  /** Resume after this sequence number (the last event you already have); 0 replays everything. */
  lastEventId?: number | string;
  /** Stops the stream, also during a wait before reconnecting; the iterator then ends without an error. */
  signal?: AbortSignal;
  /**
   * Consecutive failed reconnects before the iterator gives up (default 10). A reconnect fails when
   * no event stream comes back (network error, 429, 5xx); one the server answers with 200 starts
   * the count over, even when the connection then ends without a new event.
   */
  maxReconnectAttempts?: number;
  /**
   * First wait before reconnecting, doubled per consecutive failed reconnect up to 5 s (default
   * 250 ms). A `Retry-After` on a 429/503 is waited for in full when longer (up to 60 s), and a
   * reconnect after an accepted connection waits at least 250 ms whatever this says.
   */
  reconnectDelayMs?: number;
  /** Told before each reconnect: which attempt, after what error, resuming after which event, after what wait. */
  onReconnect?: (details: { attempt: number; error: unknown; lastEventId: number; delayMs: number }) => void;
}

/** Where the doubling backoff stops. */
const maximumBackoffMs = 5_000;

/**
 * The longest `Retry-After` the stream honours: a server asking for more is asked again after a
 * minute (the attempt still counts), so a wrong header cannot park a follower for an hour.
 */
const maximumRetryAfterMs = 60_000;

/**
 * The least wait before reconnecting after a connection the server accepted. Accepted connections
 * reset the failure count, so nothing else bounds them: a server or proxy that answers 200 and
 * closes at once, forever, is asked again at most four times a second instead of in a tight loop.
 */
const minimumDelayAfterAcceptedMs = 250;

/**
 * A run's events as an async iterator over the SSE endpoint. When the connection drops, it
 * reconnects with `Last-Event-ID` set to the last event it yielded, so the caller sees every event
 * exactly once and in order; events at or below that id (a replay overlap) are skipped. Ends after
 * `run-finished`. API errors that retrying cannot fix (404, 403, validation) are thrown at once.
 * Only failed reconnects count towards `maxReconnectAttempts`: a run that waits hours for a human
 * behind a proxy that cuts connections at a maximum age is followed until it finishes.
 */
export async function* streamRunEvents(transport: Transport, runId: string, options: StreamRunEventsOptions = {}): AsyncGenerator<RunEvent> {
  const path = `/api/v1/runs/${pathSegment('runId', runId)}/events`;
  let lastSeq = parseLastEventId(options.lastEventId);
  // Reconnects since the server last accepted a connection: what the limit and the backoff count.
  let attempt = 0;
  const maximumAttempts = options.maxReconnectAttempts ?? 10;
  for (;;) {
    let failure: unknown;
    let accepted = false;
    try {
      const response = await transport.send('GET', path, {
        headers: { Accept: 'text/event-stream', 'Last-Event-ID': String(lastSeq) },
        ...(options.signal ? { signal: options.signal } : {}),
      });
      // 204: the run has finished and `lastSeq` is at or past its `run-finished`; nothing will come.
      if (response.status === 204) return;
      // The reconnect succeeded, whatever the connection brings later; a proxy's page answered with
      // 200 is not an event stream and stays a failure.
      accepted = response.status === 200 && (response.headers.get('content-type') ?? '').startsWith('text/event-stream');
      for await (const message of eventMessages(response)) {
        const event = parseEvent(message.data);
        if (event.seq <= lastSeq) continue;
        lastSeq = event.seq;
        yield event;
        if (event.type === 'run-finished') return;
      }
      failure = new AgentLoomApiError({ kind: 'network', message: 'The event stream ended before run-finished', status: 0 });
    } catch (error) {
      if (options.signal?.aborted) return;
      if (!isRetryable(error)) throw error;
      failure = error;
    }
    // Stopped while the connection ended by itself (a fetch that ignores the signal): no reconnect to report.
    if (options.signal?.aborted) return;
    if (accepted) attempt = 0;
    if (attempt >= maximumAttempts) throw failure;
    attempt += 1;
    const delayMs = reconnectDelayMs(attempt, failure, accepted, options.reconnectDelayMs ?? 250);
    options.onReconnect?.({ attempt, error: failure, lastEventId: lastSeq, delayMs });
    await delay(delayMs, options.signal);
    if (options.signal?.aborted) return;
  }
}

/**
 * The wait before reconnect `attempt`: the doubling backoff, at least the server's `Retry-After`
 * (capped) and, after an accepted connection, at least the floor that keeps a reconnect loop cool.
 */
function reconnectDelayMs(attempt: number, failure: unknown, accepted: boolean, firstDelayMs: number): number {
  const backoff = Math.min(maximumBackoffMs, firstDelayMs * 2 ** (attempt - 1));
  const retryAfterSeconds = failure instanceof AgentLoomApiError ? failure.retryAfterSeconds : undefined;
  const retryAfter = retryAfterSeconds === undefined ? 0 : Math.min(maximumRetryAfterMs, retryAfterSeconds * 1_000);
  return Math.max(backoff, retryAfter, accepted ? minimumDelayAfterAcceptedMs : 0);
}

/**
 * One event frame's data. A frame that is not an event is the server's (or a proxy's) fault and
 * comes again on every reconnect, so it is thrown rather than retried: accepted connections do not
 * count towards the reconnect limit, and retrying would never end.
 */
function parseEvent(data: string): RunEvent {
  try {
    const event = JSON.parse(data) as RunEvent;
    if (typeof event?.seq === 'number' && typeof event.type === 'string') return event;
  } catch {
    // Reported below.
  }
  throw new AgentLoomApiError({
    kind: 'invalid-response',
    message: `The event stream sent a frame that is not a run event: ${data.slice(0, 200)}`,
    status: 200,
  });
}

/** Parsed SSE messages of a response; the body is cancelled when the caller stops early. */
async function* eventMessages(response: Response): AsyncGenerator<EventSourceMessage> {
  if (response.body === null) return;
  const reader = response.body.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream()).getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

/** Dropped connections, outages and rate limits heal by themselves; a 404 or 403 does not. */
function isRetryable(error: unknown): boolean {
  if (!(error instanceof AgentLoomApiError)) return true;
  return error.kind === 'network' || error.status === 429 || error.status >= 500;
}

function parseLastEventId(value: number | string | undefined): number {
  const parsed = Number(value ?? 0);
  if (!Number.isInteger(parsed) || parsed < 0) throw new RangeError(`lastEventId must be an event sequence number, got ${String(value)}`);
  return parsed;
}

function delay(milliseconds: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    // An 'abort' listener added after the abort never fires (stopped from inside onReconnect).
    if (signal?.aborted) {
      resolve();
      return;
    }
    const timer = setTimeout(done, milliseconds);
    signal?.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
  });
}
