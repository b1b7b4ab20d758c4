import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createModelGateway } from './create-model-gateway';
import { modelRequest } from './test-support/model-request';
import { openAiStream } from './test-support/openai-wire';
import { startWireServer, type WireServer } from './test-support/wire-server';

describe('AI SDK gateway against an OpenAI-compatible server (Ollama, vLLM, LM Studio)', () => {
  let server: WireServer;
  beforeEach(async () => {
    server = await startWireServer();
  });
  afterEach(async () => {
    await server.close();
  });

  it('streams text and tool calls from a keyless local endpoint and asks for usage', async () => {
    server.reply(
      openAiStream({
        textDeltas: ['Let me check.'],
        toolCalls: [{ id: 'call_9', name: 'weather_lookup', argumentFragments: ['{"city":"Turin"}'] }],
        usage: { prompt: 40, completion: 12 },
      }),
    );
    const gateway = createModelGateway({ provider: 'openai-compatible', model: 'llama3.2', baseURL: server.baseURL }, { fetch: server.fetch });
    const deltas: string[] = [];
    const response = await gateway.invoke(modelRequest({ onTextDelta: (delta) => deltas.push(delta) }));
    expect(deltas).toEqual(['Let me check.']);
    expect(response).toEqual({
      text: 'Let me check.',
      toolCalls: [{ id: 'call_9', name: 'weather.lookup', argumentsJson: '{"city":"Turin"}' }],
      usage: { inputTokens: 40, outputTokens: 12 },
      model: 'openai-compatible:llama3.2',
      finishReason: 'tool-calls',
    });
    const received = server.requests[0];
    expect(received?.path).toBe('/v1/chat/completions');
    expect(received?.headers.authorization).toBeUndefined();
    expect(received?.body).toMatchObject({ model: 'llama3.2', stream: true, stream_options: { include_usage: true } });
    expect(received?.body.messages).toHaveLength(5);
    const tools = received?.body.tools as { type: string; function: { name: string } }[];
    expect(tools.map((tool) => [tool.type, tool.function.name])).toEqual([['function', 'weather_lookup']]);
  });

  it('refuses a configuration without a baseURL', () => {
    expect(() => createModelGateway({ provider: 'openai-compatible', model: 'llama3.2' })).toThrow(expect.objectContaining({ kind: 'model-configuration' }));
  });
});
