import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { defineHttpRequestTool } from './http-request-tool';
import { basicContext } from './test-support/basic-context';

/**
 * Which headers follow a redirect. Two local servers on different ports are two origins, named
 * `api.test` (the API the tool is configured for, with an open redirect) and `elsewhere.test`.
 */

interface Received {
  server: string;
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

const received: Received[] = [];
const servers: Server[] = [];
const ports = { api: 0, elsewhere: 0 };

/** `/go?status=307&to=<url>` redirects to `to` (with `{api}` / `{elsewhere}` replaced by the ports); anything else answers 200. */
function startServer(name: keyof typeof ports): Promise<void> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ server: name, method: request.method ?? '', url: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString() });
      const url = new URL(request.url ?? '/', 'http://local');
      const to = url.searchParams.get('to');
      if (url.pathname !== '/go' || to === null) return void response.writeHead(200).end('landed');
      const location = to.replace('{api}', String(ports.api)).replace('{elsewhere}', String(ports.elsewhere));
      response.writeHead(Number(url.searchParams.get('status') ?? '307'), { location }).end();
    });
  });
  servers.push(server);
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      ports[name] = (server.address() as AddressInfo).port;
      resolve();
    }),
  );
}

beforeAll(async () => {
  await startServer('api');
  await startServer('elsewhere');
  tool = makeTool();
});
afterAll(async () => {
  for (const server of servers) server.closeAllConnections();
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

const names: Record<string, string[]> = { 'api.test': ['127.0.0.1'], 'elsewhere.test': ['127.0.0.1'] };
const resolve = (hostname: string) => Promise.resolve((names[hostname] ?? []).map((address) => ({ address, family: 4 })));

/** Built once the servers listen: the fixed headers are for the `api.test` origin, port included. */
const makeTool = () =>
  defineHttpRequestTool({
    allow: ['api.test', 'elsewhere.test'],
    resolve,
    fixedHeaders: { 'X-Api-Key': 'fixed-secret-123', Authorization: 'Bearer fixed-auth-456', 'User-Agent': 'agentloom-fixed/1' },
    fixedHeadersOrigins: [`http://api.test:${ports.api}`],
  });
let tool: ReturnType<typeof makeTool>;

function redirectUrl(to: string, status = 307): string {
  return `http://api.test:${ports.api}/go?status=${status}&to=${encodeURIComponent(to)}`;
}

const modelHeaders = {
  Accept: 'application/json',
  'Accept-Language': 'en',
  'Content-Type': 'application/json',
  'X-Tenant-Token': 'model-secret-789',
  Cookie: 'session=abc',
};

describe('HTTP request tool: headers on a redirect to another origin', () => {
  it('drops every fixed header and every model header but the safe ones, and resends a 307 body', async () => {
    received.length = 0;
    const result = await tool.execute(
      { url: redirectUrl('http://elsewhere.test:{elsewhere}/landing'), method: 'POST', headers: modelHeaders, body: '{"a":1}' },
      basicContext({ idempotencyKey: 'run-1:call-1' }),
    );
    expect(result.isError).toBe(false);
    expect(received.map((request) => request.server)).toEqual(['api', 'elsewhere']);
    expect(received[0]!.headers).toMatchObject({
      'x-api-key': 'fixed-secret-123',
      authorization: 'Bearer fixed-auth-456',
      'x-tenant-token': 'model-secret-789',
    });
    const landed = received[1]!;
    expect(landed).toMatchObject({ method: 'POST', url: '/landing', body: '{"a":1}' });
    expect(landed.headers).toMatchObject({ accept: 'application/json', 'accept-language': 'en', 'content-type': 'application/json' });
    for (const name of ['x-api-key', 'authorization', 'x-tenant-token', 'cookie', 'idempotency-key']) expect(landed.headers[name], name).toBeUndefined();
    // A fixed header goes even when its name is on the safe list: it was configured for the first origin.
    expect(landed.headers['user-agent']).not.toBe('agentloom-fixed/1');
  });

  it('does not send them again when a later hop comes back to the first origin', async () => {
    received.length = 0;
    const back = `http://elsewhere.test:{elsewhere}/go?status=302&to=${encodeURIComponent('http://api.test:{api}/home')}`;
    const result = await tool.execute({ url: redirectUrl(back, 302), headers: modelHeaders }, basicContext());
    expect(result.isError).toBe(false);
    expect(received.map((request) => request.server)).toEqual(['api', 'elsewhere', 'api']);
    expect(received[2]!.headers['x-api-key']).toBeUndefined();
    expect(received[2]!.headers['x-tenant-token']).toBeUndefined();
  });

  it('keeps every header on a redirect within the origin', async () => {
    received.length = 0;
    const result = await tool.execute({ url: redirectUrl('/landing'), headers: modelHeaders }, basicContext({ idempotencyKey: 'run-1:call-2' }));
    expect(result.isError).toBe(false);
    expect(received.map((request) => request.server)).toEqual(['api', 'api']);
    expect(received[1]!.headers).toMatchObject({
      'x-api-key': 'fixed-secret-123',
      authorization: 'Bearer fixed-auth-456',
      'user-agent': 'agentloom-fixed/1',
      'x-tenant-token': 'model-secret-789',
      cookie: 'session=abc',
      'idempotency-key': 'run-1:call-2',
    });
  });

  it('drops the body headers when a 303 turns the request into a GET', async () => {
    received.length = 0;
    await tool.execute(
      { url: redirectUrl('http://elsewhere.test:{elsewhere}/landing', 303), method: 'POST', headers: modelHeaders, body: 'x' },
      basicContext(),
    );
    expect(received[1]).toMatchObject({ server: 'elsewhere', method: 'GET', body: '' });
    expect(received[1]!.headers['content-type']).toBeUndefined();
    expect(received[1]!.headers.accept).toBe('application/json');
  });
});
