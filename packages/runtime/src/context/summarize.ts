import type { Message } from '../contracts/messages';
import type { ModelCall } from '../contracts/model-call';

const summaryInstructions =
  'You compress an agent transcript so the agent can continue its task. Keep facts, decisions, tool results that matter, ' +
  'open questions and remaining work. Write plain text, no preamble.';

/** Asks the model (purpose `compaction`) to fold the previous summary and the removed messages into one summary. */
export async function summarizeMessages(previousSummary: string | null, removed: readonly Message[], task: string, modelCall: ModelCall): Promise<string> {
  const rendered = removed.map(renderMessage).join('\n');
  const prompt = [`Task: ${task}`, previousSummary ? `Summary so far:\n${previousSummary}` : '', `Transcript to fold in:\n${rendered}`]
    .filter(Boolean)
    .join('\n\n');
  const reply = await modelCall({
    purpose: 'compaction',
    messages: [
      { role: 'system', content: summaryInstructions },
      { role: 'user', content: prompt },
    ],
  });
  return reply.text.trim();
}

function renderMessage(message: Message): string {
  if (message.role === 'assistant') {
    const calls = (message.toolCalls ?? []).map((call) => ` [calls ${call.name}(${JSON.stringify(call.arguments)}) as ${call.id}]`).join('');
    return `assistant: ${message.content}${calls}`;
  }
  if (message.role === 'tool') return `tool ${message.toolName} (${message.toolCallId})${message.isError ? ' error' : ''}: ${message.content}`;
  return `${message.role}: ${message.content}`;
}
