import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { ModelCallRetry } from '../contracts/model-gateway';
import { createModelGateway } from './create-model-gateway';
import { modelRequest } from './test-support/model-request';
import { openAiError, openAiStream } from './test-support/openai-wire';
import { sseEvent, startWireServer, type WireServer } from './test-support/wire-server';

const fastRetry = { maxAttempts: 3, initialDelayMs: 1, maxDelayMs: 5 };
const partialChunk = sseEvent({ id: 'x', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: { role: 'assistant', content: 'Hel' }, finish_reason: null }] });

describe('AI SDK gateway: provider failures on the wire, by kind', () => {
  let server: WireServer;
  beforeEach(async () => {
    server = await startWireServer();
  });
  afterEach(async () => {
    await server.close();
  });

  async function failure(retries: ModelCallRetry[] = []): Promise<unknown> {
    const gateway = createModelGateway({ provider: 'openai-compatible', model: 'm', baseURL: server.baseURL }, { fetch: server.fetch, retry: fastRetry });
    return gateway.invoke(modelRequest({ onRetry: (retry) => retries.push(retry) })).catch((error: unknown) => error);
  }

  it('reads a 200 with an HTML page as provider-bad-response that says so, and does not retry it', async () => {
    server.reply({ kind: 'raw', status: 200, contentType: 'text/html; charset=utf-8', body: '<html><body>Sign in to the proxy</body></html>' });
    const error = await failure();
    expect(error).toMatchObject({ kind: 'provider-bad-response', statusCode: 200 });
    expect((error as Error).message).toContain('HTML page');
    expect((error as Error).message).not.toContain('finish reason');
    expect((error as Error).message).not.toContain('Sign in');
    expect(server.requests).toHaveLength(1);
  });

  it('reads a stream that breaks off mid-reply as provider-bad-response and retries it on record', async () => {
    server.reply({ kind: 'sse', events: [partialChunk], cutAfterEvents: true });
    const retries: ModelCallRetry[] = [];
    expect(await failure(retries)).toMatchObject({ kind: 'provider-bad-response', retryable: true });
    expect(server.requests).toHaveLength(3);
    expect(retries.map((retry) => [retry.attempt, retry.kind])).toEqual([
      [1, 'provider-bad-response'],
      [2, 'provider-bad-response'],
    ]);
  });

  it('reads a stream that ends without a finish reason as provider-bad-response', async () => {
    server.reply({ kind: 'sse', events: [partialChunk] });
    expect(await failure()).toMatchObject({ kind: 'provider-bad-response' });
  });

  it('reads a 401 as provider-auth without retrying, and a down provider as provider-unreachable', async () => {
    server.reply(openAiError(401));
    expect(await failure()).toMatchObject({ kind: 'provider-auth', statusCode: 401 });
    expect(server.requests).toHaveLength(1);
    await server.close();
    const retries: ModelCallRetry[] = [];
    expect(await failure(retries)).toMatchObject({ kind: 'provider-unreachable' });
    expect(retries.map((retry) => retry.kind)).toEqual(['provider-unreachable', 'provider-unreachable']);
    server = await startWireServer();
  });

  it('tells the request about each retry with the status, the Retry-After and the delay it waits', async () => {
    server.reply(openAiError(429, { 'retry-after': '0.05' }), openAiError(500), openAiStream({ textDeltas: ['ok'] }));
    const retries: ModelCallRetry[] = [];
    const gateway = createModelGateway({ provider: 'openai-compatible', model: 'm', baseURL: server.baseURL }, { fetch: server.fetch, retry: fastRetry });
    const response = await gateway.invoke(modelRequest({ onRetry: (retry) => retries.push(retry) }));
    expect(response.text).toBe('ok');
    expect(retries).toEqual([
      { model: 'openai-compatible:m', attempt: 1, kind: 'provider-rate-limited', statusCode: 429, retryAfterMs: 50, delayMs: expect.any(Number) as unknown, message: expect.stringContaining('HTTP 429') as unknown },
      { model: 'openai-compatible:m', attempt: 2, kind: 'provider-error', statusCode: 500, delayMs: expect.any(Number) as unknown, message: expect.stringContaining('HTTP 500') as unknown },
    ]);
    expect(retries[0]!.delayMs).toBeGreaterThanOrEqual(50);
  });
});
