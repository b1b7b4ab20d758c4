import type { Message } from '../../contracts/messages';
import type { ModelRequest } from '../../contracts/model-gateway';
import type { ToolDefinition } from '../../contracts/tool';

/** A weather tool definition shared by the provider tests. */
export const weatherTool: ToolDefinition = {
  name: 'weather.lookup',
  description: 'Current weather for a city',
  inputSchema: {
    type: 'object',
    properties: { city: { type: 'string' } },
    required: ['city'],
    additionalProperties: false,
  },
};

/** A conversation with every message role, including an earlier tool round trip. */
export const conversation: Message[] = [
  { role: 'system', content: 'You are terse.' },
  { role: 'user', content: 'Weather in Oslo and Rome?' },
  {
    role: 'assistant',
    content: '',
    toolCalls: [
      { id: 'call_a', name: 'weather.lookup', arguments: { city: 'Oslo' } },
      { id: 'call_b', name: 'weather.lookup', arguments: { city: 'Rome' } },
    ],
  },
  { role: 'tool', toolCallId: 'call_a', toolName: 'weather.lookup', content: '{"celsius":3}' },
  { role: 'tool', toolCallId: 'call_b', toolName: 'weather.lookup', content: 'station offline', isError: true },
];

/** Builds a request with sensible defaults; `overrides` replace whole fields. */
export function modelRequest(overrides: Partial<ModelRequest> = {}): ModelRequest {
  return {
    messages: conversation,
    tools: [weatherTool],
    purpose: 'action',
    instance: { instanceId: 'run-1', step: 1 },
    options: {},
    signal: new AbortController().signal,
    ...overrides,
  };
}
