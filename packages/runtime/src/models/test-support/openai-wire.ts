import { sseEvent, type ScriptedReply } from './wire-server';

/** A tool call as an OpenAI chat completion streams it: arguments arrive in fragments. */
export interface OpenAiStreamedToolCall {
  id: string;
  name: string;
  argumentFragments: string[];
}

function chunk(delta: Record<string, unknown>, finishReason: string | null = null): Record<string, unknown> {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion.chunk',
    created: 1_700_000_000,
    model: 'test-model',
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  };
}

/** A streamed Chat Completions reply (as `stream_options.include_usage` asks for it). */
export function openAiStream(options: {
  textDeltas?: string[];
  toolCalls?: OpenAiStreamedToolCall[];
  usage?: { prompt: number; completion: number; cached?: number };
  delayMs?: number;
  hangAfterEvents?: boolean;
}): ScriptedReply {
  const events = [sseEvent(chunk({ role: 'assistant', content: '' }))];
  for (const text of options.textDeltas ?? []) events.push(sseEvent(chunk({ content: text })));
  for (const [index, call] of (options.toolCalls ?? []).entries()) {
    events.push(
      sseEvent(
        chunk({ tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } }] }),
      ),
    );
    for (const fragment of call.argumentFragments) {
      events.push(sseEvent(chunk({ tool_calls: [{ index, function: { arguments: fragment } }] })));
    }
  }
  if (options.hangAfterEvents !== true) {
    events.push(sseEvent(chunk({}, (options.toolCalls ?? []).length > 0 ? 'tool_calls' : 'stop')));
    const usage = options.usage ?? { prompt: 0, completion: 0 };
    events.push(
      sseEvent({
        ...chunk({}),
        choices: [],
        usage: {
          prompt_tokens: usage.prompt,
          completion_tokens: usage.completion,
          total_tokens: usage.prompt + usage.completion,
          ...(usage.cached === undefined ? {} : { prompt_tokens_details: { cached_tokens: usage.cached } }),
        },
      }),
    );
    events.push(sseEvent('[DONE]'));
  }
  return { kind: 'sse', events, delayMs: options.delayMs, hangAfterEvents: options.hangAfterEvents };
}

/** An OpenAI-style error body with the given HTTP status. */
export function openAiError(status: number, headers?: Record<string, string>): ScriptedReply {
  return {
    kind: 'json',
    status,
    headers,
    body: { error: { message: `scripted ${status}`, type: 'server_error', code: null } },
  };
}
