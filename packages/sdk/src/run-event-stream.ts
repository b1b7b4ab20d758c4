import { EventSourceParserStream, type EventSourceMessage } from 'eventsource-parser/stream';

import { AgentLoomApiError } from './api-error.ts';
import type { Transport } from './transport.ts';
import type { RunEvent } from './types.ts';

export interface StreamRunEventsOptions {
  /** Resume after this sequence number (the last event you already have); 0 replays everything. */
  lastEventId?: number | string;
  /** Stops the stream; the iterator then ends without an error. */
  signal?: AbortSignal;
  /** Consecutive failed reconnects before the iterator gives up (default 10). */
  maxReconnectAttempts?: number;
  /** First wait before reconnecting, doubled per consecutive failure up to 5 s (default 250 ms). */
  reconnectDelayMs?: number;
  /** Told before each reconnect: which attempt, after what error, resuming after which event. */
  onReconnect?: (details: { attempt: number; error: unknown; lastEventId: number }) => void;
}

/**
 * A run's events as an async iterator over the SSE endpoint. When the connection drops, it
 * reconnects with `Last-Event-ID` set to the last event it yielded, so the caller sees every event
 * exactly once and in order; events at or below that id (a replay overlap) are skipped. Ends after
 * `run-finished`. API errors that retrying cannot fix (404, 403, validation) are thrown at once.
 */
export async function* streamRunEvents(transport: Transport, runId: string, options: StreamRunEventsOptions = {}): AsyncGenerator<RunEvent> {
  let lastSeq = parseLastEventId(options.lastEventId);
  let failures = 0;
  const maximumFailures = options.maxReconnectAttempts ?? 10;
  for (;;) {
    let failure: unknown;
    try {
      const response = await transport.send('GET', `/api/v1/runs/${encodeURIComponent(runId)}/events`, {
        headers: { Accept: 'text/event-stream', 'Last-Event-ID': String(lastSeq) },
        ...(options.signal ? { signal: options.signal } : {}),
      });
      // 204: the run has finished and `lastSeq` is at or past its `run-finished`; nothing will come.
      if (response.status === 204) return;
      for await (const message of eventMessages(response)) {
        const event = JSON.parse(message.data) as RunEvent;
        if (event.seq <= lastSeq) continue;
        lastSeq = event.seq;
        failures = 0;
        yield event;
        if (event.type === 'run-finished') return;
      }
      failure = new AgentLoomApiError({ kind: 'network', message: 'The event stream ended before run-finished', status: 0 });
    } catch (error) {
      if (options.signal?.aborted) return;
      if (!isRetryable(error)) throw error;
      failure = error;
    }
    failures += 1;
    if (failures > maximumFailures) throw failure;
    options.onReconnect?.({ attempt: failures, error: failure, lastEventId: lastSeq });
    await delay(Math.min(5_000, (options.reconnectDelayMs ?? 250) * 2 ** (failures - 1)), options.signal);
    if (options.signal?.aborted) return;
  }
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
    const timer = setTimeout(done, milliseconds);
    signal?.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
  });
}
