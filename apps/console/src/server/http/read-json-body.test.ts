import { maximumJsonDepth } from '@agentloom/runtime';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import nextConfig from '../../../next.config';
import { apiOperations } from './openapi/api-operations';
import { maximumBodyBytes, readJsonBody } from './read-json-body';

const post = (body: BodyInit | null, headers: Record<string, string> = {}) =>
  new Request('http://console.test/api/v1/runs', { method: 'POST', body, headers, ...(body instanceof ReadableStream ? { duplex: 'half' } : {}) });

/** A body sent in `chunks` pieces of `chunkBytes` with no Content-Length, and whether the reader cancelled it. */
function streamedBody(chunkBytes: number, chunks: number, fill = 0x20) {
  const state = { sent: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (state.sent === chunks) return controller.close();
      state.sent += 1;
      controller.enqueue(new Uint8Array(chunkBytes).fill(fill));
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { stream, state };
}

/** `{"input":"xxx…"}` of exactly `bytes` bytes. */
const jsonOfBytes = (bytes: number) => `{"input":"${'x'.repeat(bytes - '{"input":""}'.length)}"}`;

describe('body limits', () => {
  it("keeps Next's proxy body copy well above the routes' limit, so an oversized body is never truncated to a readable one", () => {
    expect(Number(nextConfig.experimental?.proxyClientMaxBodySize)).toBeGreaterThanOrEqual(2 * maximumBodyBytes);
  });

  it('refuses text Postgres cannot store anywhere in a JSON body, naming the field', async () => {
    const request = (body: string) => new Request('http://console.test/api/v1/runs', { method: 'POST', body });
    await expect(readJsonBody(request('{"input":"a\\ud800"}'))).rejects.toMatchObject({ kind: 'validation', field: 'input' });
    await expect(readJsonBody(request('{"metadata":{"k\\u0000":1}}'))).rejects.toMatchObject({ field: 'metadata.k\u0000' });
    await expect(readJsonBody(request('"\\udc00"'))).rejects.toMatchObject({ field: 'body' });
    await expect(readJsonBody(request('{"input":"💥"}'))).resolves.toEqual({ input: '💥' });
  });

  it('reads a body of exactly the limit, declared or not', async () => {
    const body = jsonOfBytes(maximumBodyBytes);
    await expect(readJsonBody(post(body, { 'content-length': String(maximumBodyBytes) }))).resolves.toEqual({ input: 'x'.repeat(maximumBodyBytes - 12) });
    const { stream } = streamedBody(maximumBodyBytes / 4, 4);
    // Four chunks of spaces: exactly the limit, and blank.
    await expect(readJsonBody(post(stream))).resolves.toEqual({});
  });

  it('refuses a declared Content-Length over the limit with 413 before reading anything', async () => {
    // The body is 16 blank bytes: only the declared length can refuse it.
    const { stream } = streamedBody(16, 1);
    const request = post(stream, { 'content-length': String(maximumBodyBytes + 1) });
    await expect(readJsonBody(request)).rejects.toMatchObject({ status: 413, kind: 'payload-too-large' });
    expect(request.bodyUsed).toBe(false);
  });

  it('refuses a body that grows past the limit without a Content-Length, and stops reading it', async () => {
    const { stream, state } = streamedBody(64 * 1024, 10_000);
    await expect(readJsonBody(post(stream))).rejects.toMatchObject({ status: 413, message: `The request body exceeds ${maximumBodyBytes} bytes.` });
    expect(state.cancelled).toBe(true);
    // One chunk past the limit was read, not the ten thousand on offer.
    expect(state.sent).toBeLessThanOrEqual(maximumBodyBytes / (64 * 1024) + 2);
  });

  it('refuses one byte over the limit, declared or streamed', async () => {
    const body = jsonOfBytes(maximumBodyBytes + 1);
    await expect(readJsonBody(post(body, { 'content-length': String(maximumBodyBytes + 1) }))).rejects.toMatchObject({ status: 413 });
    await expect(readJsonBody(post(body))).rejects.toMatchObject({ status: 413 });
    const { stream } = streamedBody(maximumBodyBytes + 1, 1);
    await expect(readJsonBody(post(stream))).rejects.toMatchObject({ status: 413 });
  });

  it('reads an absent, empty or blank body as {}, so the route reports the missing fields', async () => {
    await expect(readJsonBody(post(null))).resolves.toEqual({});
    await expect(readJsonBody(post(''))).resolves.toEqual({});
    await expect(readJsonBody(post(' \n\t '))).resolves.toEqual({});
  });

  it('refuses a body that is not JSON as a validation error on the field "body"', async () => {
    for (const body of ['{', 'input=1', '{"input": "a"} trailing', '\u0000']) {
      await expect(readJsonBody(post(body))).rejects.toMatchObject({ kind: 'validation', field: 'body', message: 'The request body is not valid JSON.' });
    }
  });
});

describe('body shape and nesting', () => {
  const request = (body: string) => new Request('http://console.test/api/v1/memories', { method: 'POST', body });

  it('refuses a body that is not an object or array as a validation error on the field "body"', async () => {
    for (const body of ['null', '1', 'true', '"text"']) {
      await expect(readJsonBody(request(body))).rejects.toMatchObject({
        kind: 'validation',
        field: 'body',
        message: 'The request body must be a JSON object.',
      });
    }
    // MCP refuses a JSON-RPC batch itself (ADR 0034): an array is read as it is.
    await expect(readJsonBody(request('[{"jsonrpc":"2.0"}]'))).resolves.toEqual([{ jsonrpc: '2.0' }]);
  });

  it('no operation takes a scalar body (every body schema is an object, or a union of objects)', () => {
    const objectLike = (schema: z.ZodType): boolean =>
      schema instanceof z.ZodObject ||
      ((schema instanceof z.ZodUnion || schema instanceof z.ZodDiscriminatedUnion) && schema.options.every((option) => objectLike(option as z.ZodType)));
    const scalarBodies = apiOperations
      .filter((operation) => operation.body !== undefined && !objectLike(operation.body))
      .map((operation) => `${operation.method} ${operation.path}`);
    expect(scalarBodies).toEqual([]);
  });

  it(`refuses a body nested deeper than ${maximumJsonDepth} levels before any schema, on the field "body"`, async () => {
    const brackets = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
    // 10 KB, far under the size limit: `z.json()` would overflow the stack on it.
    await expect(readJsonBody(request(`{"metadata":{"x":${brackets(5000)}}}`))).rejects.toMatchObject({
      kind: 'validation',
      field: 'body',
      message: expect.stringContaining(
        `body: objects and arrays must not be nested more than ${maximumJsonDepth} levels deep (first at metadata.x.0.`,
      ) as unknown,
    });
    // The body object is level 1 and `metadata` level 2: 62 more arrays reach the limit exactly.
    await expect(readJsonBody(request(`{"metadata":{"x":${brackets(maximumJsonDepth - 2)}}}`))).resolves.toBeDefined();
    await expect(readJsonBody(request(`{"metadata":{"x":${brackets(maximumJsonDepth - 1)}}}`))).rejects.toMatchObject({ field: 'body' });
    // A megabyte of brackets: the walk is iterative.
    const half = (maximumBodyBytes - 2) / 2;
    await expect(readJsonBody(request(brackets(half)))).rejects.toMatchObject({ field: 'body' });
  });

  it('reads a wide but shallow body up to the size limit', async () => {
    const rows = Array.from({ length: 20_000 }, (_, index) => ({ index, tags: ['a', 'b'] }));
    await expect(readJsonBody(request(JSON.stringify({ metadata: { rows } })))).resolves.toMatchObject({ metadata: { rows: { length: 20_000 } } });
  });
});
