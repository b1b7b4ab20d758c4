import { describe, expect, it } from 'vitest';
import { AiSdkModelGateway } from './ai-sdk-model-gateway';
import { createModelGateway } from './create-model-gateway';
import { conversation } from './test-support/model-request';
import { toModelMessages } from './to-model-messages';
import { createToolNameMapping } from './tool-name-mapping';

describe('message translation', () => {
  it('maps every role, merges consecutive tool results and leaves the input untouched', () => {
    const snapshot = structuredClone(conversation);
    expect(toModelMessages(conversation, createToolNameMapping([]))).toEqual([
      { role: 'system', content: 'You are terse.' },
      { role: 'user', content: 'Weather in Oslo and Rome?' },
      {
        role: 'assistant',
        content: [
          { type: 'tool-call', toolCallId: 'call_a', toolName: 'weather_lookup', input: { city: 'Oslo' } },
          { type: 'tool-call', toolCallId: 'call_b', toolName: 'weather_lookup', input: { city: 'Rome' } },
        ],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'call_a',
            toolName: 'weather_lookup',
            output: { type: 'text', value: '{"celsius":3}' },
          },
          {
            type: 'tool-result',
            toolCallId: 'call_b',
            toolName: 'weather_lookup',
            output: { type: 'error-text', value: 'station offline' },
          },
        ],
      },
    ]);
    expect(conversation).toEqual(snapshot);
  });

  it('keeps assistant text next to its tool calls', () => {
    const [message] = toModelMessages(
      [{ role: 'assistant', content: 'Looking.', toolCalls: [{ id: 'c', name: 't', arguments: {} }] }],
      createToolNameMapping([]),
    );
    expect(message?.content).toEqual([
      { type: 'text', text: 'Looking.' },
      { type: 'tool-call', toolCallId: 'c', toolName: 't', input: {} },
    ]);
  });
});

describe('gateway identity', () => {
  it('declares a versioned module id and records provider and model, never the key', () => {
    const gateway = createModelGateway({
      provider: 'anthropic',
      model: 'claude-test',
      apiKey: 'sk-secret',
      contextWindowTokens: 200_000,
    });
    expect(gateway).toBeInstanceOf(AiSdkModelGateway);
    expect(gateway.moduleId).toBe('ai-sdk/v1');
    expect(gateway.contextWindowTokens).toBe(200_000);
    expect(gateway.checkpointConfig()).toEqual({ provider: 'anthropic', model: 'claude-test' });
    expect(JSON.stringify(gateway.checkpointConfig())).not.toContain('sk-secret');
  });

  it('reports invalid configuration without echoing the key', () => {
    const attempt = () => createModelGateway({ provider: 'openai', model: '', apiKey: 'sk-secret' });
    expect(attempt).toThrow(expect.objectContaining({ kind: 'model-configuration' }));
    expect(attempt).not.toThrow(/sk-secret/);
  });
});
