import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { createGuardedFetch, type GuardedFetch } from '../../outbound/guarded-fetch';
import { OutboundPolicy } from '../../outbound/outbound-policy';

/** A request as the fake provider received it. */
export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

/** One scripted reply: a plain response, or server-sent events written one by one. */
export type ScriptedReply =
  | { kind: 'json'; status: number; body: unknown; headers?: Record<string, string> }
  /** Any body with any content type (an HTML page where the API should be). */
  | { kind: 'raw'; status: number; contentType: string; body: string }
  /** `cutAfterEvents` destroys the connection after the events, as a proxy or a crashed server does mid-reply. */
  | { kind: 'sse'; events: string[]; delayMs?: number; hangAfterEvents?: boolean; cutAfterEvents?: boolean };

/**
 * A provider stand-in on 127.0.0.1 that answers each request with the next scripted reply and
 * records what it received, so tests can assert on the exact wire request.
 */
export interface WireServer {
  baseURL: string;
  /** The outbound policy's guarded fetch with this loopback server allowed, as a host would configure it. */
  fetch: GuardedFetch;
  requests: ReceivedRequest[];
  /** Queues replies; the last one is repeated once the queue runs dry. */
  reply(...replies: ScriptedReply[]): void;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text === '' ? {} : (JSON.parse(text) as Record<string, unknown>);
}

async function writeEvents(response: ServerResponse, reply: Extract<ScriptedReply, { kind: 'sse' }>): Promise<void> {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  for (const event of reply.events) {
    if (response.destroyed) return;
    response.write(event);
    if (reply.delayMs !== undefined) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
  }
  if (reply.cutAfterEvents === true) {
    // Flushed events first (the empty write's callback runs after the earlier writes), then a reset:
    // the client sees a stream that breaks off, not one that ends.
    await new Promise<void>((resolve) => response.write('', () => resolve()));
    response.destroy();
    return;
  }
  // A hanging stream lets abort tests prove the gateway does not wait for the provider.
  if (reply.hangAfterEvents !== true) response.end();
}

/** Starts the fake provider on an ephemeral port of 127.0.0.1. `pathPrefix` becomes part of the baseURL. */
export async function startWireServer(pathPrefix = '/v1'): Promise<WireServer> {
  const queue: ScriptedReply[] = [];
  const requests: ReceivedRequest[] = [];
  const openResponses = new Set<ServerResponse>();
  const server: Server = createServer((request, response) => {
    openResponses.add(response);
    response.on('close', () => openResponses.delete(response));
    void (async () => {
      requests.push({
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body: await readBody(request),
      });
      const reply = queue.length > 1 ? queue.shift() : queue[0];
      if (reply === undefined) {
        response.writeHead(500).end('no scripted reply');
      } else if (reply.kind === 'raw') {
        response.writeHead(reply.status, { 'content-type': reply.contentType }).end(reply.body);
      } else if (reply.kind === 'json') {
        response
          .writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers })
          .end(JSON.stringify(reply.body));
      } else {
        await writeEvents(response, reply);
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}${pathPrefix}`,
    fetch: createGuardedFetch(new OutboundPolicy({ allowPrivateTargets: ['127.0.0.1'] })),
    requests,
    reply: (...replies) => queue.push(...replies),
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of openResponses) response.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Formats one server-sent event. */
export function sseEvent(data: unknown, event?: string): string {
  const payload = typeof data === 'string' ? data : JSON.stringify(data);
  return `${event === undefined ? '' : `event: ${event}\n`}data: ${payload}\n\n`;
}
