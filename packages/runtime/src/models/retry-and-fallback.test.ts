import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createModelGateway } from './create-model-gateway';
import type { ModelFallbackEvent, ModelRetryEvent } from './gateway-events';
import { ModelGatewayError } from './model-gateway-error';
import { modelRequest } from './test-support/model-request';
import { openAiError, openAiStream } from './test-support/openai-wire';
import { startWireServer, type WireServer } from './test-support/wire-server';

const fastRetry = { maxAttempts: 3, initialDelayMs: 1, maxDelayMs: 5 };

describe('AI SDK gateway retries and fallbacks', () => {
  let primary: WireServer;
  let fallback: WireServer;
  beforeEach(async () => {
    primary = await startWireServer();
    fallback = await startWireServer();
  });
  afterEach(async () => {
    await Promise.all([primary.close(), fallback.close()]);
  });

  it('retries after a 429, honouring Retry-After, then succeeds', async () => {
    primary.reply(openAiError(429, { 'retry-after': '0.05' }), openAiStream({ textDeltas: ['done'] }));
    const retries: ModelRetryEvent[] = [];
    const gateway = createModelGateway(
      { provider: 'openai', model: 'gpt-test', baseURL: primary.baseURL, apiKey: 'test-key' },
      { retry: fastRetry, onRetry: (event) => retries.push(event), fetch: primary.fetch },
    );
    const response = await gateway.invoke(modelRequest());
    expect(response.text).toBe('done');
    expect(primary.requests).toHaveLength(2);
    expect(retries).toHaveLength(1);
    expect(retries[0]).toMatchObject({
      model: 'openai:gpt-test',
      attempt: 1,
      error: { kind: 'provider-rate-limited', statusCode: 429 },
    });
    // Retry-After (50 ms) is a floor above the 1 ms backoff.
    expect(retries[0]?.delayMs).toBeGreaterThanOrEqual(50);
  });

  it('does not retry a 400 and does not wait for a Retry-After beyond the limit', async () => {
    primary.reply(openAiError(400));
    const gateway = createModelGateway(
      { provider: 'openai', model: 'gpt-test', baseURL: primary.baseURL, apiKey: 'test-key' },
      { retry: fastRetry, fetch: primary.fetch },
    );
    // The provider's words (`scripted 400`, a response body) never reach the message: status and meaning only.
    await expect(gateway.invoke(modelRequest())).rejects.toMatchObject({ kind: 'provider-error', statusCode: 400, message: 'openai:gpt-test failed with HTTP 400: request rejected' });
    expect(primary.requests).toHaveLength(1);

    await primary.close();
    primary = await startWireServer();
    primary.reply(openAiError(429, { 'retry-after': '3600' }));
    const patient = createModelGateway(
      { provider: 'openai', model: 'gpt-test', baseURL: primary.baseURL, apiKey: 'test-key' },
      { retry: { ...fastRetry, maxRetryAfterMs: 1000 }, fetch: primary.fetch },
    );
    await expect(patient.invoke(modelRequest())).rejects.toMatchObject({ kind: 'provider-rate-limited' });
    expect(primary.requests).toHaveLength(1);
  });

  it('falls back to the next model once 500s exhaust the attempts, and reports the switch', async () => {
    primary.reply(openAiError(500));
    fallback.reply(openAiStream({ textDeltas: ['from fallback'], usage: { prompt: 10, completion: 2 } }));
    const fallbacks: ModelFallbackEvent[] = [];
    const gateway = createModelGateway(
      { provider: 'openai', model: 'gpt-primary', baseURL: primary.baseURL, apiKey: 'test-key' },
      {
        fetch: primary.fetch,
        retry: fastRetry,
        fallbacks: [
          {
            provider: 'openai-compatible',
            model: 'backup',
            baseURL: fallback.baseURL,
            pricing: { inputPerMillion: 1, outputPerMillion: 1 },
          },
        ],
        onFallback: (event) => fallbacks.push(event),
      },
    );
    const response = await gateway.invoke(modelRequest());
    expect(primary.requests).toHaveLength(3);
    expect(response).toMatchObject({ text: 'from fallback', model: 'openai-compatible:backup' });
    expect(response.usage.costUsd).toBeCloseTo(12 / 1_000_000, 12);
    expect(fallbacks).toHaveLength(1);
    expect(fallbacks[0]).toMatchObject({
      from: 'openai:gpt-primary',
      to: 'openai-compatible:backup',
      error: { kind: 'provider-error', statusCode: 500 },
      instance: { instanceId: 'run-1', step: 1 },
    });
  });

  it('rejects with the last error when every model fails, and retries network errors', async () => {
    await fallback.close();
    primary.reply(openAiError(503));
    const retries: ModelRetryEvent[] = [];
    const gateway = createModelGateway(
      { provider: 'openai', model: 'gpt-primary', baseURL: primary.baseURL, apiKey: 'test-key' },
      {
        fetch: primary.fetch,
        retry: fastRetry,
        fallbacks: [{ provider: 'openai', model: 'gone', baseURL: fallback.baseURL, apiKey: 'test-key' }],
        onRetry: (event) => retries.push(event),
      },
    );
    const failure = await gateway.invoke(modelRequest()).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ModelGatewayError);
    expect(failure).toMatchObject({ kind: 'provider-unreachable', model: 'openai:gone' });
    expect(retries.map((event) => event.model)).toEqual(['openai:gpt-primary', 'openai:gpt-primary', 'openai:gone', 'openai:gone']);
    // A fresh server so afterEach can close it again.
    fallback = await startWireServer();
  });
});
