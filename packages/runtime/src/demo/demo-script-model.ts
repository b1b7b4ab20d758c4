import type { DemoScript } from '../config/agent-config.schema';
import type { JsonObject } from '../contracts/json';
import type { Message } from '../contracts/messages';
import type { ModelGateway, ModelRequest, ModelResponse } from '../contracts/model-gateway';

/**
 * The offline demo model: plays the replies of an agent config's `demoScript`. Stateless across
 * requests (it counts the assistant turns already in the transcript), so it survives resume and
 * runs on several workers without coordination.
 */
export class DemoScriptModel implements ModelGateway {
  readonly moduleId = 'demo-script-model/v1';

  constructor(private readonly script: DemoScript) {}

  checkpointConfig(): JsonObject {
    return { replies: this.script.replies.length };
  }

  invoke(request: ModelRequest): Promise<ModelResponse> {
    const usage = { inputTokens: request.messages.reduce((sum, message) => sum + Math.ceil(message.content.length / 4), 0), outputTokens: 0 };
    if (request.purpose === 'verification') return Promise.resolve(this.reply('{"decision":"complete","reason":"demo"}', usage));
    if (request.purpose !== 'action') return Promise.resolve(this.reply('Summary of the demo conversation so far.', usage));
    const start = currentRunStart(request.messages);
    const task = request.messages[start]?.content.toLowerCase() ?? '';
    const matching = this.script.replies.filter((reply) => !reply.whenTaskIncludes || task.includes(reply.whenTaskIncludes.toLowerCase()));
    const turn = request.messages.slice(start).filter((message) => message.role === 'assistant').length;
    const scripted = matching[turn];
    if (!scripted) return Promise.resolve(this.reply(this.script.fallback, usage));
    const toolCalls = scripted.toolCalls.map((call, position) => ({ id: `demo-${turn}-${position}`, name: call.name, argumentsJson: JSON.stringify(call.arguments) }));
    for (const word of scripted.text.split(/(?<= )/)) request.onTextDelta?.(word);
    return Promise.resolve({
      text: scripted.text,
      toolCalls,
      usage: { ...usage, outputTokens: Math.ceil(scripted.text.length / 4) },
      model: this.moduleId,
      finishReason: toolCalls.length > 0 ? 'tool-calls' : 'stop',
    });
  }

  private reply(text: string, usage: ModelResponse['usage']): ModelResponse {
    return { text, toolCalls: [], usage, model: this.moduleId, finishReason: 'stop' };
  }
}

/**
 * Position of this run's task: after the system message and any seeded history, which comes as
 * (user, assistant without tool calls) pairs each followed by another user message. Earlier turns
 * must not count as this run's turns. (A final answer followed by completion feedback has the same
 * shape; the demo's verifier always says "complete", so that never happens here.)
 */
function currentRunStart(messages: readonly Message[]): number {
  let position = messages[0]?.role === 'system' ? 1 : 0;
  for (;;) {
    const [user, assistant, next] = [messages[position], messages[position + 1], messages[position + 2]];
    const isHistoryPair = user?.role === 'user' && assistant?.role === 'assistant' && (assistant.toolCalls ?? []).length === 0 && next?.role === 'user';
    if (!isHistoryPair) return position;
    position += 2;
  }
}
