import { describe, expect, it } from 'vitest';

import { AgentLoomApiError } from './api-error.ts';
import { createClient } from './client.ts';

/**
 * `runs.stream` against a scripted fetch: each call is one connection, answered by `answer` with
 * the connection's number (1-based). No network, no clock assertions except lower bounds on waits
 * the stream must make (a busy machine only makes them longer).
 */
const runId = '01a24c29-cabb-7107-ae35-fd0335b4e7d8';
const encoder = new TextEncoder();

const frame = (seq: number, type: string) => `id: ${seq}\ndata: ${JSON.stringify({ seq, type, payload: {}, createdAt: new Date(0).toISOString() })}\n\n`;

/** A 200 event stream that sends `text` and closes, as a proxy with a maximum connection age does. */
const eventStream = (text: string) =>
  new Response(
    new ReadableStream({
      start(controller) {
        controller.enqueue(encoder.encode(text));
        controller.close();
      },
    }),
    { status: 200, headers: { 'Content-Type': 'text/event-stream' } },
  );

const errorResponse = (status: number, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ error: { kind: status === 429 ? 'rate-limited' : 'unavailable', message: 'not now' } }), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

interface Reconnect {
  attempt: number;
  lastEventId: number;
  delayMs: number;
  error: unknown;
}

function scriptedStream(answer: (connection: number) => Response) {
  const lastEventIds: (string | null)[] = [];
  const startedAt: number[] = [];
  const fetch: typeof globalThis.fetch = (_url, init) => {
    lastEventIds.push(new Headers(init?.headers).get('Last-Event-ID'));
    startedAt.push(Date.now());
    return Promise.resolve(answer(lastEventIds.length));
  };
  return { client: createClient({ baseUrl: 'http://console.test', apiKey: 'al_x_y', fetch }), lastEventIds, startedAt };
}

async function follow(stream: AsyncGenerator<{ seq: number }>): Promise<{ seqs: number[]; failure: unknown }> {
  const seqs: number[] = [];
  try {
    for await (const event of stream) seqs.push(event.seq);
    return { seqs, failure: undefined };
  } catch (error) {
    return { seqs, failure: error };
  }
}

describe('runs.stream reconnects', () => {
  it('keeps following a run whose healthy connections a proxy keeps cutting: each 200 starts the failure count over', async () => {
    // A run waiting for a human: every connection replays nothing new, sends a heartbeat and is cut.
    // More cuts than maxReconnectAttempts (10 by default), every one of them a successful reconnect.
    const emptyConnections = 12;
    const { client, lastEventIds } = scriptedStream((connection) => {
      if (connection === 1) return eventStream(frame(1, 'run-started') + frame(2, 'approval-requested'));
      if (connection <= 1 + emptyConnections) return eventStream(': heartbeat\n\n');
      return eventStream(frame(3, 'approval-decided') + frame(4, 'run-finished'));
    });
    const reconnects: Reconnect[] = [];
    const { seqs, failure } = await follow(client.runs.stream(runId, { reconnectDelayMs: 1, onReconnect: (details) => reconnects.push(details) }));

    expect(failure).toBeUndefined();
    expect(seqs).toEqual([1, 2, 3, 4]);
    expect(lastEventIds).toEqual(['0', ...Array.from({ length: emptyConnections + 1 }, () => '2')]);
    // Each reconnect is the first since an accepted connection, and waits the floor, not 1 ms.
    expect(reconnects.map((reconnect) => reconnect.attempt)).toEqual(Array.from({ length: emptyConnections + 1 }, () => 1));
    expect(reconnects.every((reconnect) => reconnect.delayMs >= 250)).toBe(true);
  });

  it('does not loop hot against a server that accepts and closes at once, forever; the signal stops it', async () => {
    const controller = new AbortController();
    const connectionsBeforeStop = 5;
    const { client, startedAt } = scriptedStream((connection) => {
      if (connection === connectionsBeforeStop) controller.abort();
      return eventStream('');
    });
    const reconnects: Reconnect[] = [];
    const { seqs, failure } = await follow(
      client.runs.stream(runId, { reconnectDelayMs: 0, signal: controller.signal, onReconnect: (details) => reconnects.push(details) }),
    );

    expect([seqs, failure]).toEqual([[], undefined]);
    expect(startedAt).toHaveLength(connectionsBeforeStop);
    expect(reconnects.map((reconnect) => reconnect.delayMs)).toEqual(Array.from({ length: connectionsBeforeStop - 1 }, () => 250));
    // The waits really happened: four reconnects took at least four floors.
    expect(startedAt.at(-1)! - startedAt[0]!).toBeGreaterThanOrEqual(4 * 250 - 10);
  });

  it('still gives up after maxReconnectAttempts reconnects in a row that get no event stream', async () => {
    const { client, lastEventIds } = scriptedStream((connection) => (connection === 1 ? eventStream(frame(1, 'run-started')) : errorResponse(503)));
    const reconnects: Reconnect[] = [];
    const { seqs, failure } = await follow(
      client.runs.stream(runId, { reconnectDelayMs: 1, maxReconnectAttempts: 3, onReconnect: (details) => reconnects.push(details) }),
    );

    expect(seqs).toEqual([1]);
    expect(failure).toBeInstanceOf(AgentLoomApiError);
    expect((failure as AgentLoomApiError).status).toBe(503);
    // The first connection (accepted, then cut) and three failed reconnects.
    expect(lastEventIds).toEqual(['0', '1', '1', '1']);
    expect(reconnects.map((reconnect) => [reconnect.attempt, reconnect.delayMs])).toEqual([
      [1, 250],
      [2, 2],
      [3, 4],
    ]);
  });

  it('waits as long as a 429 Retry-After says before reconnecting', async () => {
    const { client, startedAt } = scriptedStream((connection) =>
      connection === 1 ? errorResponse(429, { 'Retry-After': '2' }) : eventStream(frame(1, 'run-finished')),
    );
    const reconnects: Reconnect[] = [];
    const { seqs, failure } = await follow(client.runs.stream(runId, { onReconnect: (details) => reconnects.push(details) }));

    expect([seqs, failure]).toEqual([[1], undefined]);
    expect(reconnects.map((reconnect) => reconnect.delayMs)).toEqual([2_000]);
    expect((reconnects[0]!.error as AgentLoomApiError).retryAfterSeconds).toBe(2);
    expect(startedAt[1]! - startedAt[0]!).toBeGreaterThanOrEqual(1_990);
  });

  it('caps a long Retry-After at a minute, and the signal ends the wait at once', async () => {
    const controller = new AbortController();
    const { client, startedAt } = scriptedStream(() => errorResponse(503, { 'Retry-After': '3600' }));
    const reconnects: Reconnect[] = [];
    const { seqs, failure } = await follow(
      client.runs.stream(runId, {
        signal: controller.signal,
        onReconnect: (details) => {
          reconnects.push(details);
          controller.abort();
        },
      }),
    );

    expect([seqs, failure]).toEqual([[], undefined]);
    expect(reconnects.map((reconnect) => reconnect.delayMs)).toEqual([60_000]);
    expect(startedAt).toHaveLength(1);
  });

  it('throws a frame that is not a run event instead of reconnecting to it forever', async () => {
    const { client, startedAt } = scriptedStream(() => eventStream('data: <html>login</html>\n\n'));
    const { failure } = await follow(client.runs.stream(runId, { reconnectDelayMs: 1 }));

    expect(failure).toBeInstanceOf(AgentLoomApiError);
    expect((failure as AgentLoomApiError).kind).toBe('invalid-response');
    expect(startedAt).toHaveLength(1);
  });

  it('counts a 200 that is not an event stream (a proxy page) as a failed reconnect', async () => {
    const { client, startedAt } = scriptedStream(() => new Response('<html>sign in</html>', { status: 200, headers: { 'Content-Type': 'text/html' } }));
    const { failure } = await follow(client.runs.stream(runId, { reconnectDelayMs: 1, maxReconnectAttempts: 2 }));

    expect((failure as AgentLoomApiError).message).toBe('The event stream ended before run-finished');
    expect(startedAt).toHaveLength(3);
  });
});
