import type { Message } from '../../contracts/messages';
import type { ModelCallOptions, ModelCallPurpose, ModelResponse, RawToolCall } from '../../contracts/model-gateway';
import type { ToolDefinition } from '../../contracts/tool';
import type { ModelGateway, ModelRequest } from '../../contracts/model-gateway';
import { AbortedError, isProviderErrorKind, LimitExceededError, ModelCallFailedError, ProviderCallFailedError } from '../../errors';
import { raceWithAbort, throwIfAborted } from '../../util/abort';
import { storableJsonText, storableText } from '../../util/storable-text';
import type { EngineServices } from '../engine-services';
import type { RunState } from '../run-state';
import type { StepRecorder } from '../step-recorder';
import { checkBudget } from './check-budget';

export interface InvokeModelRequest {
  purpose: ModelCallPurpose;
  messages: readonly Message[];
  tools: readonly ToolDefinition[];
  options?: ModelCallOptions;
}

/**
 * The single path to the gateway for action and auxiliary calls alike: spends one unit of the
 * model-call budget, asks the budget guard, runs hooks, emits start/finish events and honours the run's abort signal.
 */
export async function invokeModel(services: EngineServices, state: RunState, recorder: StepRecorder, signal: AbortSignal, request: InvokeModelRequest): Promise<ModelResponse> {
  if (state.counters.modelCalls >= services.limits.maxModelCalls) throw new LimitExceededError('maxModelCalls', services.limits.maxModelCalls);
  // A reply served from a recording spends nothing: the guard is asked only before a call a model answers (ADR 0071),
  // and its usage is marked served so the platform does not bill it to a budget (ADR 0083).
  const served = services.recordedReplies?.servesRecorded(request) === true;
  if (!served) {
    state.servedOnly = false;
    await checkBudget(services, state, recorder, 'model-call');
  }
  state.counters.modelCalls += 1;
  const { hooks, model } = services.modules;
  const step = recorder.step;
  await hooks.modelCallStarting({ instanceId: state.instanceId, step, purpose: request.purpose, messageCount: request.messages.length });
  // An abort that arrived while the hooks ran (the platform checks for a committed cancel there)
  // stops the call before the gateway is asked.
  throwIfAborted(signal);
  recorder.emit('model-call-started', { purpose: request.purpose, messageCount: request.messages.length, toolCount: request.tools.length });
  const reply = await raceWithAbort(
    invokeGateway(model, signal, {
      messages: request.messages,
      tools: request.tools,
      purpose: request.purpose,
      instance: { instanceId: state.instanceId, step },
      options: request.options ?? {},
      signal,
      onTextDelta: (delta) => recorder.emit('text-delta', { purpose: request.purpose, delta: storableText(delta) }),
      // Each retry is on the record: what failed, how, and how long the gateway waits before trying again.
      onRetry: (retry) =>
        recorder.emit('model-call-retry', {
          purpose: request.purpose,
          model: retry.model,
          attempt: retry.attempt,
          kind: retry.kind,
          statusCode: retry.statusCode ?? null,
          delayMs: retry.delayMs,
          retryAfterMs: retry.retryAfterMs ?? null,
          message: retry.message,
        }),
    }),
    signal,
  );
  const response = storableResponse(reply);
  recorder.addUsage(response.usage);
  recorder.emit('model-call-finished', {
    purpose: request.purpose,
    model: response.model,
    finishReason: response.finishReason,
    usage: { inputTokens: response.usage.inputTokens, outputTokens: response.usage.outputTokens, costUsd: response.usage.costUsd ?? null },
    ...(served ? { served: true } : {}),
  });
  await hooks.modelCallFinished({ instanceId: state.instanceId, step, purpose: request.purpose, response });
  return response;
}

/**
 * Gateway failures keep the kind the gateway gave them (`provider-unreachable`, `provider-auth`, …,
 * `model-configuration`) so hosts and operators see what to fix; a gateway that throws untyped errors
 * (a host's own) yields `model-call-failed`; aborts stay aborts.
 */
async function invokeGateway(model: ModelGateway, signal: AbortSignal, request: ModelRequest): Promise<ModelResponse> {
  try {
    return await model.invoke(request);
  } catch (error) {
    if (signal.aborted) throw new AbortedError();
    const kind = (error as { kind?: unknown } | null)?.kind;
    if (isProviderErrorKind(kind) || kind === 'model-configuration') {
      const { model: failedModel, statusCode } = error as { model?: unknown; statusCode?: unknown };
      throw new ProviderCallFailedError(kind, error instanceof Error ? error.message : String(error), {
        cause: error,
        ...(typeof failedModel === 'string' ? { model: failedModel } : {}),
        ...(typeof statusCode === 'number' ? { statusCode } : {}),
      });
    }
    throw new ModelCallFailedError(`Model call failed: ${error instanceof Error ? error.message : String(error)}`, error);
  }
}

/**
 * The reply with NUL and lone surrogates replaced by U+FFFD in its text and its tool calls' ids,
 * names and arguments (see `util/storable-text`): Postgres cannot store either, and every model
 * reply passes here before hooks, events, the transcript or the ledger see it. Only strings are
 * touched; the shape of an unvalidated reply is `normalizeResponse`'s to judge. A streamed delta
 * is repaired on its own, so a surrogate pair split across two deltas (no known gateway does this)
 * would show as two U+FFFD in the events while the reply's text keeps the pair.
 */
function storableResponse(response: ModelResponse): ModelResponse {
  const calls: unknown = response.toolCalls;
  return { ...response, text: storableString(response.text), ...(Array.isArray(calls) ? { toolCalls: calls.map(storableCall) } : {}) };
}

function storableCall(call: unknown): RawToolCall {
  if (typeof call !== 'object' || call === null) return call as RawToolCall;
  const { id, name, argumentsJson } = call as Record<string, unknown>;
  return {
    ...call,
    id: storableString(id),
    name: storableString(name),
    argumentsJson: typeof argumentsJson === 'string' ? storableJsonText(argumentsJson) : argumentsJson,
  } as RawToolCall;
}

/** Strings are repaired; anything else in an unvalidated reply is left for `normalizeResponse` to refuse. */
function storableString(value: unknown): string {
  return (typeof value === 'string' ? storableText(value) : value) as string;
}
