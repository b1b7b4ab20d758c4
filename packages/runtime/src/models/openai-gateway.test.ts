import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createModelGateway } from './create-model-gateway';
import { modelRequest } from './test-support/model-request';
import { openAiStream } from './test-support/openai-wire';
import { startWireServer, type WireServer } from './test-support/wire-server';

describe('AI SDK gateway against an OpenAI Chat Completions server', () => {
  let server: WireServer;
  beforeEach(async () => {
    server = await startWireServer();
  });
  afterEach(async () => {
    await server.close();
  });

  it('streams text deltas and reports usage and cost', async () => {
    server.reply(openAiStream({ textDeltas: ['Hel', 'lo'], usage: { prompt: 1000, completion: 500 } }));
    const gateway = createModelGateway(
      {
        provider: 'openai',
        model: 'gpt-test',
        baseURL: server.baseURL,
        apiKey: 'test-key',
        pricing: { inputPerMillion: 2, outputPerMillion: 8 },
      },
      { fetch: server.fetch },
    );
    const deltas: string[] = [];
    const response = await gateway.invoke(modelRequest({ onTextDelta: (delta) => deltas.push(delta) }));
    expect(deltas).toEqual(['Hel', 'lo']);
    expect(response).toMatchObject({ text: 'Hello', toolCalls: [], model: 'openai:gpt-test', finishReason: 'stop' });
    expect(response.usage.inputTokens).toBe(1000);
    expect(response.usage.outputTokens).toBe(500);
    expect(response.usage.costUsd).toBeCloseTo(0.006, 10);
  });

  it('prices input tokens read from the prompt cache at the cached-input price, else at the input price (ADR 0063)', async () => {
    const gatewayPricedAt = (pricing: { inputPerMillion: number; outputPerMillion: number; cachedInputPerMillion?: number }) =>
      createModelGateway({ provider: 'openai', model: 'gpt-test', baseURL: server.baseURL, apiKey: 'test-key', pricing }, { fetch: server.fetch });
    server.reply(openAiStream({ textDeltas: ['Hi'], usage: { prompt: 1000, completion: 500, cached: 600 } }));
    const cachedPrice = await gatewayPricedAt({ inputPerMillion: 2, outputPerMillion: 8, cachedInputPerMillion: 0.5 }).invoke(modelRequest());
    expect(cachedPrice.usage).toMatchObject({ inputTokens: 1000, outputTokens: 500, cachedInputTokens: 600 });
    // 400 uncached × $2 + 600 cached × $0.50 + 500 output × $8, per million.
    expect(cachedPrice.usage.costUsd).toBeCloseTo(0.0051, 10);

    server.reply(openAiStream({ textDeltas: ['Hi'], usage: { prompt: 1000, completion: 500, cached: 600 } }));
    const inputPrice = await gatewayPricedAt({ inputPerMillion: 2, outputPerMillion: 8 }).invoke(modelRequest());
    expect(inputPrice.usage).toMatchObject({ inputTokens: 1000, cachedInputTokens: 600 });
    expect(inputPrice.usage.costUsd).toBeCloseTo(0.006, 10);
  });

  it('returns raw tool calls without executing them, preserving the argument text', async () => {
    server.reply(
      openAiStream({
        toolCalls: [
          { id: 'call_1', name: 'weather_lookup', argumentFragments: ['{"city":', ' "Paris"}'] },
          { id: 'call_2', name: 'weather_lookup', argumentFragments: ['{"city": "Lyon"'] },
        ],
      }),
    );
    const gateway = createModelGateway(
      {
        provider: 'openai',
        model: 'gpt-test',
        baseURL: server.baseURL,
        apiKey: 'test-key',
      },
      { fetch: server.fetch },
    );
    const response = await gateway.invoke(modelRequest());
    expect(response.finishReason).toBe('tool-calls');
    expect(response.toolCalls).toEqual([
      { id: 'call_1', name: 'weather.lookup', argumentsJson: '{"city": "Paris"}' },
      // Malformed JSON reaches the host untouched; deciding what to do with it is the host's job.
      { id: 'call_2', name: 'weather.lookup', argumentsJson: '{"city": "Lyon"' },
    ]);
  });

  it('sends the translated conversation and tool definitions on the wire', async () => {
    server.reply(openAiStream({ textDeltas: ['ok'] }));
    const gateway = createModelGateway(
      {
        provider: 'openai',
        model: 'gpt-test',
        baseURL: server.baseURL,
        apiKey: 'test-key',
      },
      { fetch: server.fetch },
    );
    await gateway.invoke(modelRequest({ options: { temperature: 0.2, maxOutputTokens: 64 } }));
    const received = server.requests[0];
    expect(received?.path).toBe('/v1/chat/completions');
    expect(received?.headers.authorization).toBe('Bearer test-key');
    expect(received?.body).toMatchObject({ model: 'gpt-test', stream: true, temperature: 0.2, max_tokens: 64 });
    expect(received?.body.messages).toEqual([
      { role: 'system', content: 'You are terse.' },
      { role: 'user', content: 'Weather in Oslo and Rome?' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'call_a', type: 'function', function: { name: 'weather_lookup', arguments: '{"city":"Oslo"}' } },
          { id: 'call_b', type: 'function', function: { name: 'weather_lookup', arguments: '{"city":"Rome"}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_a', content: '{"celsius":3}' },
      // The SDK marks failed tool results as errors for the model.
      { role: 'tool', tool_call_id: 'call_b', content: '{"error":"station offline"}' },
    ]);
    expect(received?.body.tools).toEqual([
      {
        type: 'function',
        function: {
          name: 'weather_lookup',
          description: 'Current weather for a city',
          parameters: {
            type: 'object',
            properties: { city: { type: 'string' } },
            required: ['city'],
            additionalProperties: false,
          },
        },
      },
    ]);
  });
});
