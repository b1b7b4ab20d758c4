import { streamText, type LanguageModel, type FinishReason } from 'ai';
import type { ModelRequest, ModelResponse, RawToolCall } from '../contracts/model-gateway';
import { IncompleteStreamError } from './incomplete-stream-error';
import { toModelMessages } from './to-model-messages';
import { toToolSet } from './to-tool-set';
import { createToolNameMapping } from './tool-name-mapping';

/** What one attempt returns before usage is priced and the model is named. */
export interface StreamedReply {
  text: string;
  toolCalls: RawToolCall[];
  inputTokens: number;
  outputTokens: number;
  /** Input tokens read from the provider's prompt cache (part of `inputTokens`). */
  cachedInputTokens: number;
  finishReason: ModelResponse['finishReason'];
}

function toFinishReason(reason: FinishReason): ModelResponse['finishReason'] {
  // `interrupted` has no counterpart in our contract; the engine treats `other` as abnormal too.
  return reason === 'interrupted' ? 'other' : reason;
}

/**
 * Raw argument text of a call: the concatenated input deltas when the provider streamed them
 * (exactly what the model wrote, even when it is not valid JSON), else the SDK's parsed input.
 */
function rawArguments(deltas: string | undefined, input: unknown): string {
  if (deltas !== undefined && deltas !== '') return deltas;
  return typeof input === 'string' ? input : JSON.stringify(input ?? {});
}

/**
 * Performs exactly one streamed model call: no SDK retries (the gateway owns retry policy),
 * one step, tools declared but never executed. Text deltas are forwarded as they arrive.
 */
export async function streamModelCall(
  model: LanguageModel,
  request: ModelRequest,
  signal: AbortSignal,
): Promise<StreamedReply> {
  const names = createToolNameMapping(request.tools);
  const result = streamText({
    model,
    messages: toModelMessages(request.messages, names),
    allowSystemInMessages: true,
    tools: toToolSet(request.tools, names),
    maxRetries: 0,
    abortSignal: signal,
    temperature: request.options.temperature,
    maxOutputTokens: request.options.maxOutputTokens,
    providerOptions: request.options.providerOptions as Parameters<typeof streamText>[0]['providerOptions'],
    // Errors are read from the stream below; the default handler would also log them.
    onError: () => undefined,
  });
  let text = '';
  const inputDeltas = new Map<string, string>();
  const toolCalls: RawToolCall[] = [];
  let reply: Omit<StreamedReply, 'text' | 'toolCalls'> | undefined;
  for await (const part of result.stream) {
    switch (part.type) {
      case 'text-delta':
        text += part.text;
        request.onTextDelta?.(part.text);
        break;
      case 'tool-input-delta':
        inputDeltas.set(part.id, (inputDeltas.get(part.id) ?? '') + part.delta);
        break;
      case 'tool-call':
        toolCalls.push({
          id: part.toolCallId,
          name: names.fromProvider(part.toolName),
          argumentsJson: rawArguments(inputDeltas.get(part.toolCallId), part.input),
        });
        break;
      case 'finish':
        reply = {
          inputTokens: part.totalUsage.inputTokens ?? 0,
          outputTokens: part.totalUsage.outputTokens ?? 0,
          cachedInputTokens: part.totalUsage.inputTokenDetails.cacheReadTokens ?? 0,
          finishReason: toFinishReason(part.finishReason),
        };
        break;
      case 'error':
        throw part.error;
      case 'abort':
        signal.throwIfAborted();
        break;
      default:
        break;
    }
  }
  signal.throwIfAborted();
  if (reply === undefined) throw new IncompleteStreamError();
  return { text, toolCalls, ...reply };
}
