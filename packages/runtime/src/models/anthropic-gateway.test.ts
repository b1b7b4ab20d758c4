import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createModelGateway } from './create-model-gateway';
import { anthropicStream } from './test-support/anthropic-wire';
import { modelRequest } from './test-support/model-request';
import { startWireServer, type WireServer } from './test-support/wire-server';

describe('AI SDK gateway against an Anthropic Messages server', () => {
  let server: WireServer;
  beforeEach(async () => {
    server = await startWireServer();
  });
  afterEach(async () => {
    await server.close();
  });

  const gatewayFor = (wire: WireServer) =>
    createModelGateway(
      {
        provider: 'anthropic',
        model: 'claude-test',
        baseURL: wire.baseURL,
        apiKey: 'test-key',
        pricing: { inputPerMillion: 3, outputPerMillion: 15 },
      },
      { fetch: wire.fetch },
    );

  it('streams text deltas and reports usage and cost', async () => {
    server.reply(anthropicStream({ textDeltas: ['Bon', 'jour'], usage: { input: 2000, output: 100 } }));
    const deltas: string[] = [];
    const response = await gatewayFor(server).invoke(modelRequest({ onTextDelta: (delta) => deltas.push(delta) }));
    expect(deltas).toEqual(['Bon', 'jour']);
    expect(response).toMatchObject({
      text: 'Bonjour',
      toolCalls: [],
      model: 'anthropic:claude-test',
      finishReason: 'stop',
    });
    expect(response.usage).toMatchObject({ inputTokens: 2000, outputTokens: 100 });
    expect(response.usage.costUsd).toBeCloseTo(0.0075, 10);
  });

  it('returns raw tool calls with the argument text the model streamed', async () => {
    server.reply(
      anthropicStream({
        textDeltas: ['Checking.'],
        toolCalls: [{ id: 'toolu_1', name: 'weather_lookup', argumentFragments: ['{"city"', ': "Bergen"}'] }],
      }),
    );
    const response = await gatewayFor(server).invoke(modelRequest());
    expect(response.text).toBe('Checking.');
    expect(response.finishReason).toBe('tool-calls');
    expect(response.toolCalls).toEqual([{ id: 'toolu_1', name: 'weather.lookup', argumentsJson: '{"city": "Bergen"}' }]);
  });

  it('sends the translated conversation and tool definitions on the wire', async () => {
    server.reply(anthropicStream({ textDeltas: ['ok'] }));
    await gatewayFor(server).invoke(modelRequest({ options: { maxOutputTokens: 128 } }));
    const received = server.requests[0];
    expect(received?.path).toBe('/v1/messages');
    expect(received?.headers['x-api-key']).toBe('test-key');
    expect(received?.body).toMatchObject({ model: 'claude-test', stream: true, max_tokens: 128 });
    expect(received?.body.system).toEqual([{ type: 'text', text: 'You are terse.' }]);
    expect(received?.body.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Weather in Oslo and Rome?' }] },
      {
        role: 'assistant',
        content: [
          { type: 'tool_use', id: 'call_a', name: 'weather_lookup', input: { city: 'Oslo' } },
          { type: 'tool_use', id: 'call_b', name: 'weather_lookup', input: { city: 'Rome' } },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'call_a', content: '{"celsius":3}' },
          { type: 'tool_result', tool_use_id: 'call_b', content: 'station offline', is_error: true },
        ],
      },
    ]);
    expect(received?.body.tools).toEqual([
      expect.objectContaining({
        name: 'weather_lookup',
        description: 'Current weather for a city',
        input_schema: {
          type: 'object',
          properties: { city: { type: 'string' } },
          required: ['city'],
          additionalProperties: false,
        },
      }),
    ]);
  });
});
