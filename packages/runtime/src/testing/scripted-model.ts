import type { Message } from '../contracts/messages';
import type { ModelCallPurpose, ModelGateway, ModelRequest, ModelResponse, ModelUsage } from '../contracts/model-gateway';
import type { ToolDefinition } from '../contracts/tool';

/** A scripted tool call; `argumentsJson` wins over `arguments` so tests can send malformed JSON. */
export interface ScriptedToolCall {
  id?: string;
  name: string;
  arguments?: Record<string, unknown>;
  argumentsJson?: string;
}

export interface ScriptedReplyObject {
  text?: string;
  toolCalls?: ScriptedToolCall[];
  usage?: Partial<ModelUsage>;
  finishReason?: ModelResponse['finishReason'];
  /** Throw this instead of replying (provider failure). */
  error?: Error;
  /** Never answer; reject when the request is aborted. */
  hang?: boolean;
  /** Stream the text as word deltas through `onTextDelta`. */
  stream?: boolean;
}

/** A reply: plain text (final answer), an object, or a function of the request. */
export type ScriptedReply = string | ScriptedReplyObject | ((request: ModelRequest) => ScriptedReplyObject | string);

/** A deep copy of what the model received. */
export interface RecordedRequest {
  purpose: ModelCallPurpose;
  messages: Message[];
  tools: ToolDefinition[];
  instance: { instanceId: string; step: number };
}

export interface ScriptedModelOptions {
  moduleId?: string;
  /** Replies for `verification` calls; when exhausted or absent, every verification says complete. */
  verification?: ScriptedReply[];
  /** Replies for `compaction`/`summary` calls; default a fixed summary line. */
  compaction?: ScriptedReply[];
  /** Reply once the action script is exhausted; default: throw, so tests notice extra calls. */
  whenExhausted?: ScriptedReply;
}

/**
 * A model gateway that plays a script and records every request it receives, so tests assert on
 * what the model saw. Action replies are consumed in order; auxiliary purposes have their own queues.
 */
export class ScriptedModel implements ModelGateway {
  readonly moduleId: string;
  readonly requests: RecordedRequest[] = [];
  private readonly action: ScriptedReply[];
  private readonly verification: ScriptedReply[];
  private readonly compaction: ScriptedReply[];
  private callCounter = 0;

  constructor(
    replies: ScriptedReply[],
    private readonly options: ScriptedModelOptions = {},
  ) {
    this.moduleId = options.moduleId ?? 'scripted-model/v1';
    this.action = [...replies];
    this.verification = [...(options.verification ?? [])];
    this.compaction = [...(options.compaction ?? [])];
  }

  /** Recorded requests of the `action` purpose only. */
  get actionRequests(): RecordedRequest[] {
    return this.requests.filter((request) => request.purpose === 'action');
  }

  /** Action replies not yet played. */
  get remaining(): number {
    return this.action.length;
  }

  async invoke(request: ModelRequest): Promise<ModelResponse> {
    this.requests.push({
      purpose: request.purpose,
      messages: structuredClone([...request.messages]),
      tools: structuredClone([...request.tools]),
      instance: { ...request.instance },
    });
    const reply = this.resolve(this.next(request.purpose), request);
    if (reply.error) throw reply.error;
    if (reply.hang) return hangUntilAborted(request.signal);
    const text = reply.text ?? '';
    if (reply.stream) for (const delta of text.split(/(?<= )/)) request.onTextDelta?.(delta);
    const toolCalls = (reply.toolCalls ?? []).map((call) => ({
      id: call.id ?? `call-${(this.callCounter += 1)}`,
      name: call.name,
      argumentsJson: call.argumentsJson ?? JSON.stringify(call.arguments ?? {}),
    }));
    return {
      text,
      toolCalls,
      usage: { inputTokens: reply.usage?.inputTokens ?? 10, outputTokens: reply.usage?.outputTokens ?? 5, ...(reply.usage?.costUsd !== undefined ? { costUsd: reply.usage.costUsd } : {}) },
      model: this.moduleId,
      finishReason: reply.finishReason ?? (toolCalls.length > 0 ? 'tool-calls' : 'stop'),
    };
  }

  private next(purpose: ModelCallPurpose): ScriptedReply {
    if (purpose === 'verification') return this.verification.shift() ?? '{"decision":"complete","reason":"scripted"}';
    if (purpose !== 'action') return this.compaction.shift() ?? 'Scripted summary of earlier messages.';
    const reply = this.action.shift() ?? this.options.whenExhausted;
    if (reply === undefined) throw new Error(`ScriptedModel script exhausted after ${this.actionRequests.length - 1} action replies`);
    return reply;
  }

  private resolve(reply: ScriptedReply, request: ModelRequest): ScriptedReplyObject {
    const value = typeof reply === 'function' ? reply(request) : reply;
    return typeof value === 'string' ? { text: value } : value;
  }
}

function hangUntilAborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    const fail = () => reject(Object.assign(new Error('The operation was aborted'), { name: 'AbortError' }));
    if (signal.aborted) fail();
    else signal.addEventListener('abort', fail, { once: true });
  });
}
