import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineHttpRequestTool } from './http-request-tool';
import { basicContext } from './test-support/basic-context';

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

describe('HTTP request tool', () => {
  let server: Server;
  let origin: string;
  const received: Received[] = [];
  const routes: Record<string, (response: ServerResponse) => void> = {
    '/hello': (response) => response.writeHead(200, { 'content-type': 'text/plain', 'set-cookie': 'a=b' }).end('hello'),
    '/missing': (response) => response.writeHead(404).end('nope'),
    '/to-hello': (response) => response.writeHead(303, { location: '/hello' }).end(),
    '/to-loopback-v6': (response) =>
      response.writeHead(302, { location: `http://[::1]:${new URL(origin).port}/hello` }).end(),
    '/loop': (response) => response.writeHead(302, { location: '/loop' }).end(),
    '/loop?token=s3cret': (response) => response.writeHead(302, { location: '/loop?token=s3cret' }).end(),
    '/big': (response) => response.writeHead(200).end('y'.repeat(50_000)),
    '/hang': () => undefined,
  };

  beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({
          method: request.method ?? '',
          url: request.url ?? '',
          headers: request.headers,
          body: Buffer.concat(chunks).toString(),
        });
        (routes[request.url ?? ''] ?? ((reply: ServerResponse) => reply.writeHead(500).end()))(response);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const allowedTool = (overrides: Parameters<typeof defineHttpRequestTool>[0] = {}) =>
    defineHttpRequestTool({ allow: ['127.0.0.1'], ...overrides });

  it.each([
    'http://127.0.0.1:9/',
    'http://10.0.0.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::1]:9/',
    'http://localhost:9/',
  ])('refuses %s without sending anything', async (url) => {
    const before = received.length;
    const result = await defineHttpRequestTool().execute({ url }, basicContext());
    expect(result.isError).toBe(true);
    expect(result.content).toMatch(/^Refused to reach/);
    expect(received.length).toBe(before);
  });

  it('reaches an allowlisted local server with method, headers, body and the idempotency key', async () => {
    const tool = allowedTool({ fixedHeaders: { 'X-Agent': 'agentloom' }, fixedHeadersOrigins: [origin] });
    const result = await tool.execute(
      {
        url: `${origin}/hello`,
        method: 'post',
        headers: { 'Content-Type': 'application/json', 'idempotency-key': 'forged' },
        body: '{"a":1}',
      },
      basicContext({ idempotencyKey: 'run-1:call-9' }),
    );
    expect(result.isError).toBe(false);
    expect(result.data).toMatchObject({ status: 200, body: 'hello', url: `${origin}/hello` });
    expect((result.data as { headers: Record<string, unknown> }).headers['set-cookie']).toBeUndefined();
    expect(received.at(-1)).toMatchObject({
      method: 'POST',
      url: '/hello',
      body: '{"a":1}',
      headers: { 'idempotency-key': 'run-1:call-9', 'content-type': 'application/json', 'x-agent': 'agentloom' },
    });
  });

  it('sends the fixed headers only to their origins: another origin the model names gets none, nor may the model set them', async () => {
    const tool = defineHttpRequestTool({
      allow: ['127.0.0.1', 'localhost'],
      resolve: (hostname) => Promise.resolve(hostname === 'localhost' ? [{ address: '127.0.0.1', family: 4 }] : []),
      fixedHeaders: { 'X-Api-Key': 'fixed-secret' },
      fixedHeadersOrigins: [`${origin}/`],
    });
    await tool.execute({ url: `${origin}/hello` }, basicContext());
    expect(received.at(-1)?.headers['x-api-key']).toBe('fixed-secret');
    // The same server under another name is another origin, as an attacker's host would be.
    const elsewhere = origin.replace('127.0.0.1', 'localhost');
    const result = await tool.execute({ url: `${elsewhere}/hello`, headers: { 'x-api-key': 'forged' } }, basicContext());
    expect(result.isError).toBe(false);
    expect(received.at(-1)?.headers['x-api-key']).toBeUndefined();
  });

  it('refuses fixed headers without the origins they are for, and origins that are not bare origins', () => {
    expect(() => defineHttpRequestTool({ fixedHeaders: { 'X-Api-Key': 'k' } })).toThrow(/fixedHeaders need fixedHeadersOrigins/);
    for (const bad of ['https://api.example.com/v1', 'https://user@api.example.com', 'ftp://api.example.com', 'api.example.com', 'https://api.example.com/?a=1']) {
      expect(() => defineHttpRequestTool({ fixedHeaders: { 'X-Api-Key': 'k' }, fixedHeadersOrigins: [bad] }), bad).toThrow(/is not an http\(s\) origin/);
    }
    expect(() => defineHttpRequestTool({ fixedHeaders: { 'X-Api-Key': 'k' }, fixedHeadersOrigins: ['https://API.example.com:443'] })).not.toThrow();
  });

  it('follows an allowed redirect, turning a 303 POST into a GET', async () => {
    const result = await allowedTool().execute(
      { url: `${origin}/to-hello`, method: 'POST', body: 'x' },
      basicContext(),
    );
    expect(result.data).toMatchObject({ status: 200, body: 'hello', redirects: [`${origin}/hello`] });
    expect(received.at(-1)).toMatchObject({ method: 'GET', url: '/hello', body: '' });
  });

  it('refuses a redirect to loopback that is not allowlisted', async () => {
    const result = await allowedTool().execute({ url: `${origin}/to-loopback-v6` }, basicContext());
    expect(result.isError).toBe(true);
    expect(result.content).toMatch(/^Refused to reach http:\/\/\[::1\]/);
  });

  it('stops after the redirect limit', async () => {
    const result = await allowedTool({ maxRedirects: 3 }).execute({ url: `${origin}/loop` }, basicContext());
    expect(result.isError).toBe(true);
    expect(result.content).toContain('Stopped after 3 redirects');
  });

  it('names the hops of a redirect loop without their path or query (a credential may ride there)', async () => {
    const result = await allowedTool({ maxRedirects: 2 }).execute({ url: `${origin}/loop?token=s3cret` }, basicContext());
    expect(result.isError).toBe(true);
    expect(result.content).toContain(`Stopped after 2 redirects (last: ${origin} → ${origin})`);
    expect(result.content).not.toContain('s3cret');
  });

  it('caps the response body and says so; reports HTTP errors as errors', async () => {
    const big = await allowedTool({ maxResponseBytes: 1000 }).execute({ url: `${origin}/big` }, basicContext());
    expect(big.data).toMatchObject({
      truncated: true,
      body: `${'y'.repeat(1000)}\n[response truncated after 1000 bytes]`,
    });
    const missing = await allowedTool().execute({ url: `${origin}/missing` }, basicContext());
    expect(missing).toMatchObject({ isError: true, data: { status: 404, body: 'nope' } });
  });

  it('refuses methods outside the configured set', async () => {
    const tool = allowedTool({ methods: ['GET'] });
    expect(tool.sideEffects).toBe('none');
    await expect(tool.execute({ url: `${origin}/hello`, method: 'DELETE' }, basicContext())).resolves.toMatchObject({
      isError: true,
    });
  });

  it('times out, and rejects with an AbortError when the run aborts', async () => {
    const timedOut = await allowedTool({ timeoutMs: 200 }).execute({ url: `${origin}/hang` }, basicContext());
    expect(timedOut).toMatchObject({ isError: true, content: 'HTTP request timed out after 200 ms' });

    const controller = new AbortController();
    const pending = allowedTool().execute({ url: `${origin}/hang` }, basicContext({ signal: controller.signal }));
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toMatchObject({ name: 'AbortError', kind: 'aborted' });
  });
});
