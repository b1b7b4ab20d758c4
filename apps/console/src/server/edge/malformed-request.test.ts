import { describe, expect, it } from 'vitest';

import { maximumUrlLength, refuseMalformedRequest } from './malformed-request';

const base = 'http://console.test';

async function refusal(target: string, method = 'GET', headers: Record<string, string> = {}) {
  const response = refuseMalformedRequest(new Request(`${base}${target}`, { method, headers }));
  if (response === undefined) return undefined;
  return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> };
}

describe('refuseMalformedRequest', () => {
  it('lets well-formed requests through, pages and API alike', async () => {
    for (const target of [
      '/',
      '/runs/0190f5c4-0000-7000-8000-000000000000',
      '/api/v1/runs?status=queued&q=%E2%9C%93',
      '/api/trpc/runs.list?input=%7B%7D',
      '/api/health',
    ]) {
      expect(await refusal(target), target).toBeUndefined();
    }
    expect(await refusal('/api/v1/runs', 'POST')).toBeUndefined();
    expect(await refusal('/api/v1/runs', 'OPTIONS')).toBeUndefined();
    expect(await refusal('/api/v1/runs', 'HEAD')).toBeUndefined();
  });

  it('answers a malformed path escape with 400 validation naming the path, on pages and API routes', async () => {
    for (const target of ['/api/v1/runs/%FF', '/api/v1/runs/%', '/api/v1/runs/%E0%A4%A', '/runs/%C0']) {
      const refused = await refusal(target, 'GET', { 'X-Request-Id': 'trace-1' });
      expect(refused?.status, target).toBe(400);
      expect(refused?.body).toEqual({ error: { kind: 'validation', message: 'The path has a malformed percent-escape.', field: 'path' } });
      expect(refused?.headers.get('x-request-id')).toBe('trace-1');
    }
  });

  it('answers a method the route does not export with 405, Allow and the error shape', async () => {
    const refused = await refusal('/api/v1/runs/0190f5c4-0000-7000-8000-000000000000', 'DELETE');
    expect(refused?.status).toBe(405);
    expect(refused?.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expect(refused?.body).toMatchObject({ error: { kind: 'method-not-allowed' } });
    expect(refused?.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers tRPC paths in the tRPC error envelope', async () => {
    const refused = await refusal('/api/trpc/runs.list', 'PUT');
    expect(refused?.status).toBe(405);
    expect(refused?.headers.get('allow')).toBe('GET, HEAD, OPTIONS, POST');
    expect(refused?.body).toEqual({
      error: {
        json: {
          message: expect.any(String) as string,
          code: -32005,
          data: { code: 'METHOD_NOT_SUPPORTED', httpStatus: 405, kind: 'method-not-allowed', field: null },
        },
      },
    });
    expect((await refusal('/api/trpc/runs.%FF'))?.body).toMatchObject({ error: { json: { data: { httpStatus: 400, kind: 'validation', field: 'path' } } } });
  });

  it('answers unknown API paths with 404 and over-long targets with 414', async () => {
    expect(await refusal('/api/v1/nothing-here')).toMatchObject({ status: 404, body: { error: { kind: 'not-found' } } });
    expect(await refusal(`/api/v1/runs?q=${'x'.repeat(maximumUrlLength)}`)).toMatchObject({ status: 414, body: { error: { kind: 'uri-too-long' } } });
  });
});
