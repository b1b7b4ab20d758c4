import type { ModelMessage, ToolCallPart, ToolResultPart } from 'ai';
import type { AssistantMessage, Message, ToolMessage } from '../contracts/messages';
import type { ToolNameMapping } from './tool-name-mapping';

function toAssistantMessage(message: AssistantMessage, names: ToolNameMapping): ModelMessage {
  const toolCalls = message.toolCalls ?? [];
  if (toolCalls.length === 0) return { role: 'assistant', content: message.content };
  const callParts: ToolCallPart[] = toolCalls.map((call) => ({
    type: 'tool-call',
    toolCallId: call.id,
    toolName: names.toProvider(call.name),
    input: call.arguments,
  }));
  // Providers reject empty text parts, so a tool-calls-only reply carries no text part at all.
  return {
    role: 'assistant',
    content: message.content === '' ? callParts : [{ type: 'text', text: message.content }, ...callParts],
  };
}

function toToolResultPart(message: ToolMessage, names: ToolNameMapping): ToolResultPart {
  return {
    type: 'tool-result',
    toolCallId: message.toolCallId,
    toolName: names.toProvider(message.toolName),
    output:
      message.isError === true
        ? { type: 'error-text', value: message.content }
        : { type: 'text', value: message.content },
  };
}

/**
 * Translates the runtime's messages into AI SDK model messages. Consecutive tool results are
 * merged into one tool message, the shape every provider expects after a multi-call reply.
 * Tool names are translated to their provider-safe form.
 * The input array is never mutated.
 */
export function toModelMessages(messages: readonly Message[], names: ToolNameMapping): ModelMessage[] {
  const translated: ModelMessage[] = [];
  for (const message of messages) {
    if (message.role === 'tool') {
      const previous = translated.at(-1);
      if (previous?.role === 'tool') {
        previous.content.push(toToolResultPart(message, names));
      } else {
        translated.push({ role: 'tool', content: [toToolResultPart(message, names)] });
      }
      continue;
    }
    if (message.role === 'assistant') {
      translated.push(toAssistantMessage(message, names));
      continue;
    }
    translated.push({ role: message.role, content: message.content });
  }
  return translated;
}
