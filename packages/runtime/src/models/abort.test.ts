import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createModelGateway } from './create-model-gateway';
import { modelRequest } from './test-support/model-request';
import { openAiError, openAiStream } from './test-support/openai-wire';
import { startWireServer, type WireServer } from './test-support/wire-server';

describe('AI SDK gateway abort handling', () => {
  let server: WireServer;
  beforeEach(async () => {
    server = await startWireServer();
  });
  afterEach(async () => {
    await server.close();
  });

  const gatewayFor = (wire: WireServer, retry = { maxAttempts: 3, initialDelayMs: 1, maxDelayMs: 5 }) =>
    createModelGateway({ provider: 'openai', model: 'gpt-test', baseURL: wire.baseURL, apiKey: 'test-key' }, { retry, fetch: wire.fetch });

  it('rejects promptly with an AbortError when aborted mid-stream, and does not retry', async () => {
    server.reply(openAiStream({ textDeltas: ['partial'], hangAfterEvents: true }));
    const controller = new AbortController();
    let abortedAt = 0;
    const pending = gatewayFor(server).invoke(
      modelRequest({
        signal: controller.signal,
        onTextDelta: () => {
          abortedAt = Date.now();
          controller.abort(new Error('run cancelled'));
        },
      }),
    );
    await expect(pending).rejects.toMatchObject({ name: 'AbortError', kind: 'aborted' });
    // The provider never finishes the stream, so only the abort can have ended the call.
    expect(abortedAt).toBeGreaterThan(0);
    expect(server.requests).toHaveLength(1);
  });

  it('rejects without calling the provider when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(gatewayFor(server).invoke(modelRequest({ signal: controller.signal }))).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(server.requests).toHaveLength(0);
  });

  it('stops waiting for a retry when aborted during the backoff', async () => {
    server.reply(openAiError(503));
    const controller = new AbortController();
    const gateway = createModelGateway(
      { provider: 'openai', model: 'gpt-test', baseURL: server.baseURL, apiKey: 'test-key' },
      {
        fetch: server.fetch,
        retry: { maxAttempts: 5, initialDelayMs: 60_000, maxDelayMs: 60_000 },
        random: () => 1,
        onRetry: () => controller.abort(),
      },
    );
    const started = Date.now();
    await expect(gateway.invoke(modelRequest({ signal: controller.signal }))).rejects.toMatchObject({
      name: 'AbortError',
    });
    // Half the 60 s backoff: only the abort can have ended the wait (no tighter bound: the suite runs on busy machines).
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(server.requests).toHaveLength(1);
  });
});
