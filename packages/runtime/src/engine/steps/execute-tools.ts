import type { PendingCall } from '../../checkpoint/checkpoint-schema';
import type { ToolMessage } from '../../contracts/messages';
import type { ToolResult } from '../../contracts/tool';
import { AbortedError, ToolStatePersistenceError } from '../../errors';
import { boundToolOutput } from '../../tools/bound-tool-output';
import { raceWithAbort } from '../../util/abort';
import type { EngineServices } from '../engine-services';
import type { RunState } from '../run-state';
import type { StepRecorder } from '../step-recorder';
import type { ToolCallRecord, ToolCallStatus } from '../step-result';
import { createToolContext, idempotencyKeyFor } from '../tool-context/create-tool-context';

interface CallOutcome {
  message: ToolMessage;
  record: ToolCallRecord;
}

/**
 * Runs the pending batch concurrently and appends one result per call, in call order. Tool failures
 * become error results for the model; persistence failures and aborts stop the run instead, and
 * abort the rest of the batch.
 */
export async function executeTools(services: EngineServices, state: RunState, recorder: StepRecorder, runSignal: AbortSignal): Promise<void> {
  const batch = new AbortController();
  const stopBatch = () => batch.abort(runSignal.reason);
  runSignal.addEventListener('abort', stopBatch, { once: true });
  try {
    const outcomes = await Promise.all(
      state.pendingCalls.map((call) =>
        executeCall(services, state, recorder, call, batch.signal).catch((error: unknown) => {
          batch.abort(error);
          throw error;
        }),
      ),
    );
    recorder.append(...outcomes.map((outcome) => outcome.message));
    recorder.toolCalls.push(...outcomes.map((outcome) => outcome.record));
    state.pendingCalls = [];
  } finally {
    runSignal.removeEventListener('abort', stopBatch);
  }
}

async function executeCall(services: EngineServices, state: RunState, recorder: StepRecorder, call: PendingCall, signal: AbortSignal): Promise<CallOutcome> {
  if (call.status === 'rejected') return finish(services, state, recorder, call, 'rejected', { content: call.rejectionReason ?? 'Rejected', isError: true });
  const validation = services.registry.validate(call.name, call.arguments);
  if (!validation.ok) return finish(services, state, recorder, call, 'rejected', { content: validation.message, isError: true });
  const request = { id: call.id, name: call.name, arguments: validation.value };
  const veto = await services.modules.hooks.toolCallStarting({ instanceId: state.instanceId, step: recorder.step, call: request });
  if (veto) return finish(services, state, recorder, call, 'vetoed', { content: `Tool call vetoed: ${veto.reason}`, isError: true });
  const tool = services.registry.resolve(call.name);
  recorder.emit('tool-call-started', { callId: call.id, toolName: call.name, implementationId: tool?.implementationId ?? '' });
  let result: ToolResult;
  try {
    const topic = services.toolTopics.get(call.name) ?? '';
    const context = createToolContext(services, state, recorder, call, signal);
    result = (await raceWithAbort(services.bus.request(topic, validation.value, context, { instanceId: state.instanceId, callId: call.id, toolName: call.name }), signal)) as ToolResult;
  } catch (error) {
    if (error instanceof ToolStatePersistenceError || error instanceof AbortedError || signal.aborted) throw error;
    result = { content: `Tool ${call.name} failed: ${error instanceof Error ? error.message : String(error)}`, isError: true };
  }
  // Cut before the hooks see it: the ledger, the transcript and the model all get the bounded result.
  result = boundToolOutput(result, services.toolOutputMaxBytes);
  await services.modules.hooks.toolCallFinished({ instanceId: state.instanceId, step: recorder.step, call: request, result });
  return finish(services, state, recorder, call, result.isError ? 'failed' : 'succeeded', result);
}

function finish(services: EngineServices, state: RunState, recorder: StepRecorder, call: PendingCall, status: ToolCallStatus, result: ToolResult): CallOutcome {
  const isError = result.isError === true;
  if (status === 'succeeded') state.counters.succeededToolCalls += 1;
  else state.counters.failedToolCalls += 1;
  const tool = services.registry.resolve(call.name);
  recorder.emit('tool-call-finished', { callId: call.id, toolName: call.name, status, isError, contentLength: result.content.length });
  const message: ToolMessage = { role: 'tool', toolCallId: call.id, toolName: call.name, content: result.content, ...(isError ? { isError } : {}) };
  const record: ToolCallRecord = {
    callId: call.id,
    name: call.name,
    arguments: call.arguments,
    implementationId: tool?.implementationId ?? '',
    sideEffects: tool?.sideEffects ?? null,
    idempotencyKey: idempotencyKeyFor(state.instanceId, call.id),
    status,
    result: {
      content: result.content,
      isError,
      ...(result.data === undefined ? {} : { data: result.data }),
      ...(result.outputBytes === undefined ? {} : { outputBytes: result.outputBytes }),
    },
  };
  return { message, record };
}
