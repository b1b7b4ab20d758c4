import type { Message } from '../contracts/messages';

/**
 * Conservative token estimate without a tokenizer: about 3 characters per token (real English text is
 * nearer 4), plus a per-message overhead for role markers. Over-estimating compacts a little early,
 * which is cheaper than a provider rejecting an oversized prompt.
 */
export function estimateTokens(messages: readonly Message[]): number {
  return messages.reduce((total, message) => total + estimateMessageTokens(message), 0);
}

export function estimateMessageTokens(message: Message): number {
  return Math.ceil(messageCharacters(message) / 3) + 4;
}

/** Characters the model reads for a message, tool calls included. */
export function messageCharacters(message: Message): number {
  if (message.role === 'assistant') {
    const calls = message.toolCalls ?? [];
    return message.content.length + calls.reduce((total, call) => total + call.name.length + JSON.stringify(call.arguments).length, 0);
  }
  if (message.role === 'tool') return message.content.length + message.toolName.length;
  return message.content.length;
}
