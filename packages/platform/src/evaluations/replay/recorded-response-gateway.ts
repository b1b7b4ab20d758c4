import type { Message, ModelGateway, ModelRequest, ModelResponse, RecordedReplySource } from '@agentloom/runtime';

import { canonicalJson } from '../canonical-arguments';
import type { RecordedMessage } from '../case-fixture';

/**
 * Recorded-response model mode: an action call whose transcript so far equals the recorded run's
 * (system prompt, task, memory, assistant turns and tool results, ids aside) is answered with the
 * recorded assistant reply that came next, with its recorded usage — offline and deterministic.
 * From the first call whose transcript differs (a changed prompt, a tool result that is no longer
 * the recorded one, a live reply that took another path) the version's own model answers, since a
 * recorded reply to another conversation would be a fabrication. Auxiliary calls (verification,
 * compaction, summary) are not recorded per call and always go to the version's model.
 * Stateless across calls: it survives resume like any other gateway. It tells the engine which calls
 * it serves (`servesRecorded`), so the budget guard is asked only before the live ones (ADR 0071).
 */
export class RecordedResponseGateway implements ModelGateway, RecordedReplySource {
  readonly moduleId = 'recorded-response-model/v1';

  constructor(
    private readonly transcript: readonly RecordedMessage[],
    private readonly live: ModelGateway,
    /**
     * Awaited before every call the version's model answers, never before a served reply: a recorded
     * replay's cancel fence (ADR 0059) — a served reply reaches nothing outside, a live call does.
     */
    private readonly beforeLiveCall: () => Promise<void> = () => Promise.resolve(),
  ) {}

  checkpointConfig(): Record<string, unknown> {
    return { live: this.live.moduleId, recordedMessages: this.transcript.length };
  }

  servesRecorded(request: Pick<ModelRequest, 'purpose' | 'messages'>): boolean {
    return this.recordedFor(request) !== undefined;
  }

  async invoke(request: ModelRequest): Promise<ModelResponse> {
    const recorded = this.recordedFor(request);
    if (!recorded) {
      await this.beforeLiveCall();
      return this.live.invoke(request);
    }
    const toolCalls = (recorded.toolCalls ?? []).map((call) => ({ id: call.id, name: call.name, argumentsJson: JSON.stringify(call.arguments) }));
    if (recorded.content) request.onTextDelta?.(recorded.content);
    return {
      text: recorded.content,
      toolCalls,
      usage: { inputTokens: recorded.usage?.inputTokens ?? 0, outputTokens: recorded.usage?.outputTokens ?? 0, costUsd: recorded.usage?.costUsd ?? 0 },
      model: this.moduleId,
      finishReason: toolCalls.length > 0 ? 'tool-calls' : 'stop',
    };
  }

  close(): Promise<void> {
    return this.live.close?.() ?? Promise.resolve();
  }

  /** The reply `invoke` serves for this request: only action calls are recorded. */
  private recordedFor(request: Pick<ModelRequest, 'purpose' | 'messages'>): RecordedMessage | undefined {
    return request.purpose === 'action' ? this.recordedReply(request.messages) : undefined;
  }

  /** The recorded assistant message following a transcript equal to the request's; undefined on divergence. */
  private recordedReply(messages: readonly Message[]): RecordedMessage | undefined {
    if (messages.length >= this.transcript.length) return undefined;
    for (const [index, message] of messages.entries()) {
      if (!sameMessage(message, this.transcript[index]!)) return undefined;
    }
    const next = this.transcript[messages.length]!;
    return next.role === 'assistant' ? next : undefined;
  }
}

function sameMessage(message: Message, recorded: RecordedMessage): boolean {
  if (message.role !== recorded.role || message.content !== recorded.content) return false;
  if (message.role === 'assistant') {
    const calls = (message.toolCalls ?? []).map((call) => [call.name, call.arguments]);
    const recordedCalls = (recorded.toolCalls ?? []).map((call) => [call.name, call.arguments]);
    return canonicalJson(calls) === canonicalJson(recordedCalls);
  }
  if (message.role === 'tool') return message.toolName === recorded.toolName && (message.isError ?? false) === (recorded.isError ?? false);
  return true;
}
