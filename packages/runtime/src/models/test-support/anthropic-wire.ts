import { sseEvent, type ScriptedReply } from './wire-server';

/** A tool call as the Messages API streams it: `input_json_delta` fragments. */
export interface AnthropicStreamedToolCall {
  id: string;
  name: string;
  argumentFragments: string[];
}

function event(type: string, data: Record<string, unknown>): string {
  return sseEvent({ type, ...data }, type);
}

/** A streamed Anthropic Messages reply, event for event as the API sends it. */
export function anthropicStream(options: {
  textDeltas?: string[];
  toolCalls?: AnthropicStreamedToolCall[];
  usage?: { input: number; output: number };
}): ScriptedReply {
  const usage = options.usage ?? { input: 0, output: 0 };
  const events = [
    event('message_start', {
      message: {
        id: 'msg_test',
        type: 'message',
        role: 'assistant',
        model: 'test-model',
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: usage.input, output_tokens: 1 },
      },
    }),
  ];
  let index = 0;
  if ((options.textDeltas ?? []).length > 0) {
    events.push(event('content_block_start', { index, content_block: { type: 'text', text: '' } }));
    for (const text of options.textDeltas ?? []) {
      events.push(event('content_block_delta', { index, delta: { type: 'text_delta', text } }));
    }
    events.push(event('content_block_stop', { index }));
    index += 1;
  }
  for (const call of options.toolCalls ?? []) {
    events.push(
      event('content_block_start', {
        index,
        content_block: { type: 'tool_use', id: call.id, name: call.name, input: {} },
      }),
    );
    for (const fragment of call.argumentFragments) {
      events.push(event('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: fragment } }));
    }
    events.push(event('content_block_stop', { index }));
    index += 1;
  }
  const stopReason = (options.toolCalls ?? []).length > 0 ? 'tool_use' : 'end_turn';
  events.push(
    event('message_delta', {
      delta: { stop_reason: stopReason, stop_sequence: null },
      usage: { output_tokens: usage.output },
    }),
  );
  events.push(event('message_stop', {}));
  return { kind: 'sse', events };
}
