import type { PendingCall } from '../../checkpoint/checkpoint-schema';
import type { ToolMessage } from '../../contracts/messages';
import type { ToolResult } from '../../contracts/tool';
import type { ToolCallHookInfo, ToolCallInterruption } from '../../contracts/hooks';
import type { WaitingCall } from '../../contracts/wait';
import { AbortedError, HostStoppingError, ToolStatePersistenceError, WaitPendingError } from '../../errors';
import { boundToolOutput } from '../../tools/bound-tool-output';
import { abortMessage, raceWithAbort, settlesWithin } from '../../util/abort';
import type { EngineServices } from '../engine-services';
import type { RunState } from '../run-state';
import type { StepRecorder } from '../step-recorder';
import type { ToolCallRecord, ToolCallStatus } from '../step-result';
import { createToolContext } from '../tool-context/create-tool-context';
import { idempotencyKeyFor } from '../tool-context/idempotency-key';

/**
 * A call either finished (its message goes to the transcript), is held open by a sub-agent waiting
 * for approval, or is parked on a durable wait (its ledger row stays `running`: it has not ended).
 */
type CallOutcome =
  | { kind: 'finished'; message: ToolMessage; record?: ToolCallRecord }
  | { kind: 'paused'; record: ToolCallRecord }
  | { kind: 'waiting'; waiting: WaitingCall };

/** How a batch ended: every call finished, a sub-agent waits for approval, or calls wait (timer or event). */
export type BatchOutcome = { kind: 'finished' } | { kind: 'paused' } | { kind: 'waiting'; waits: WaitingCall[] };

/**
 * Runs the pending batch concurrently and appends one result per call, in call order. Tool failures
 * become error results for the model; persistence failures and aborts stop the run instead, and
 * abort the rest of the batch. Every call settles (or is abandoned after the grace period) before
 * this returns, so no call's ledger write happens after the step that ends the run. When a sub-agent
 * pauses for approval the batch is held: finished calls keep their results in the checkpoint
 * (`completed`) and nothing is appended until every call is done.
 */
export async function executeTools(services: EngineServices, state: RunState, recorder: StepRecorder, runSignal: AbortSignal): Promise<BatchOutcome> {
  const batch = new AbortController();
  const stopBatch = () => batch.abort(runSignal.reason);
  runSignal.addEventListener('abort', stopBatch, { once: true });
  try {
    const settled = await Promise.allSettled(
      state.pendingCalls.map((call) =>
        call.status === 'completed'
          ? Promise.resolve(completedOutcome(call))
          : executeCall(services, state, recorder, call, batch.signal).catch((error: unknown) => {
              batch.abort(error);
              throw error;
            }),
      ),
    );
    const failure = settled.find((outcome) => outcome.status === 'rejected');
    if (failure) throw failure.reason;
    const outcomes = settled.map((outcome) => (outcome as PromiseFulfilledResult<CallOutcome>).value);
    for (const outcome of outcomes) if (outcome.kind !== 'waiting' && outcome.record) recorder.toolCalls.push(outcome.record);
    // An approval a sub-agent asked for comes first: the waiting calls wait again after the decision.
    if (outcomes.some((outcome) => outcome.kind === 'paused')) {
      holdBatch(state.pendingCalls, outcomes);
      return { kind: 'paused' };
    }
    const waits = outcomes.flatMap((outcome) => (outcome.kind === 'waiting' ? [outcome.waiting] : []));
    if (waits.length > 0) {
      holdBatch(state.pendingCalls, outcomes);
      for (const waiting of waits) recorder.emit('wait-started', { callId: waiting.callId, toolName: waiting.toolName, kind: waiting.kind, wakeAt: waiting.wakeAt, correlationKey: waiting.correlationKey ?? null });
      return { kind: 'waiting', waits };
    }
    recorder.append(...outcomes.flatMap((outcome) => (outcome.kind === 'finished' ? [outcome.message] : [])));
    state.pendingCalls = [];
    return { kind: 'finished' };
  } finally {
    runSignal.removeEventListener('abort', stopBatch);
  }
}

/** Finished calls of a held batch keep their results, so resuming the batch does not run them again. */
function holdBatch(calls: PendingCall[], outcomes: readonly CallOutcome[]): void {
  calls.forEach((call, index) => {
    const outcome = outcomes[index];
    if (outcome?.kind !== 'finished' || call.status === 'completed') return;
    call.status = 'completed';
    call.result = { content: outcome.message.content, isError: outcome.message.isError === true };
  });
}

function completedOutcome(call: PendingCall): CallOutcome {
  const result = call.result ?? { content: '', isError: false };
  return { kind: 'finished', message: { role: 'tool', toolCallId: call.id, toolName: call.name, content: result.content, ...(result.isError ? { isError: true } : {}) } };
}

async function executeCall(services: EngineServices, state: RunState, recorder: StepRecorder, call: PendingCall, signal: AbortSignal): Promise<CallOutcome> {
  if (call.status === 'rejected') return finish(services, state, recorder, call, 'rejected', { content: call.rejectionReason ?? 'Rejected', isError: true });
  const validation = services.registry.validate(call.name, call.arguments);
  if (!validation.ok) return finish(services, state, recorder, call, 'rejected', { content: validation.message, isError: true });
  const request = { id: call.id, name: call.name, arguments: validation.value };
  const hookInfo = { instanceId: state.instanceId, step: recorder.step, call: request, idempotencyKey: idempotencyKeyFor(state.instanceId, call.id) };
  const answer = await services.modules.hooks.toolCallStarting(hookInfo);
  // The host's ledger says this call already ran: its recorded result is the answer, not a veto.
  if (answer && 'replay' in answer) return finish(services, state, recorder, call, answer.result.isError ? 'failed' : 'succeeded', answer.result, true);
  if (answer) return finish(services, state, recorder, call, 'vetoed', { content: `Tool call vetoed: ${answer.reason}`, isError: true });
  if (signal.aborted) {
    // The run was aborted while the hooks ran (they may have recorded the call as started): the
    // handler is never invoked, and the hooks hear that the call ended.
    // A host shutting down says so: the call never ran, and the resumed run may run it (a cancel ends the run).
    const beforeStart = signal.reason instanceof HostStoppingError ? 'not-started' : 'cancelled';
    await closeInterrupted(services, recorder, hookInfo, beforeStart, beforeStart === 'not-started' ? 'Not started: the host stopped before it ran' : 'Cancelled before it started');
    throw new AbortedError(abortMessage(signal));
  }
  const tool = services.registry.resolve(call.name);
  recorder.emit('tool-call-started', { callId: call.id, toolName: call.name, implementationId: tool?.implementationId ?? '' });
  const suspendedBefore = call.child;
  let result: ToolResult;
  const topic = services.toolTopics.get(call.name) ?? '';
  const context = createToolContext(services, state, recorder, call, signal);
  const work = services.bus.request(topic, validation.value, context, { instanceId: state.instanceId, callId: call.id, toolName: call.name });
  try {
    result = (await raceWithAbort(work, signal)) as ToolResult;
  } catch (error) {
    if (error instanceof ToolStatePersistenceError) throw error;
    // Parked, not ended: no result, no ledger end; the call runs again when the host resumes the run.
    if (error instanceof WaitPendingError && !signal.aborted) return { kind: 'waiting', waiting: error.waiting };
    if (error instanceof AbortedError || signal.aborted) {
      // Give the handler a bounded time to stop; one that ignores its signal is left behind.
      const stopped = await settlesWithin(work, services.toolAbortGraceMs);
      const detail = stopped ? 'Cancelled while it ran' : `Abandoned: it did not stop within ${services.toolAbortGraceMs} ms of the abort; its outcome is unknown`;
      await closeInterrupted(services, recorder, hookInfo, interruptionOf(signal, stopped ? 'cancelled' : 'abandoned'), detail);
      throw error;
    }
    result = { content: `Tool ${call.name} failed: ${error instanceof Error ? error.message : String(error)}`, isError: true };
  }
  // A sub-agent asked for approval during this call (whatever the handler did with that news).
  if (call.child !== undefined && call.child !== suspendedBefore) return { kind: 'paused', record: { ...ledgerFields(services, state, call), status: 'awaiting-approval' } };
  delete call.child;
  // Repaired and cut before the hooks see it: the ledger, the transcript, the events and the model all
  // get the same bounded result, with NUL and lone surrogates (which Postgres cannot store) as U+FFFD.
  result = boundToolOutput(result, services.toolOutputMaxBytes);
  await services.modules.hooks.toolCallFinished({ ...hookInfo, result });
  return finish(services, state, recorder, call, result.isError ? 'failed' : 'succeeded', result);
}

/**
 * How an aborted call ended, as the hooks hear it: `host-stopping` whenever the host's stop aborted it
 * (stopped in time or not, its run is not over: ADR 0108), else what the abort did to it.
 */
function interruptionOf(signal: AbortSignal, ended: 'cancelled' | 'abandoned'): ToolCallInterruption {
  return signal.reason instanceof HostStoppingError ? 'host-stopping' : ended;
}

/** Tells the hooks (the ledger) how an aborted call ended; a hook failure here keeps the abort as the step's outcome. */
async function closeInterrupted(
  services: EngineServices,
  recorder: StepRecorder,
  hookInfo: ToolCallHookInfo,
  interruption: ToolCallInterruption,
  content: string,
): Promise<void> {
  const { call } = hookInfo;
  recorder.emit('tool-call-finished', { callId: call.id, toolName: call.name, status: 'failed', isError: true, interruption, contentLength: content.length });
  await services.modules.hooks.toolCallFinished({ ...hookInfo, result: { content, isError: true }, interruption }).catch(() => undefined);
}

function finish(services: EngineServices, state: RunState, recorder: StepRecorder, call: PendingCall, status: ToolCallStatus, result: ToolResult, replayed = false): CallOutcome {
  const isError = result.isError === true;
  if (status === 'succeeded') state.counters.succeededToolCalls += 1;
  else state.counters.failedToolCalls += 1;
  recorder.emit('tool-call-finished', { callId: call.id, toolName: call.name, status, isError, contentLength: result.content.length, ...(replayed ? { replayed } : {}) });
  const message: ToolMessage = { role: 'tool', toolCallId: call.id, toolName: call.name, content: result.content, ...(isError ? { isError } : {}) };
  const record: ToolCallRecord = {
    ...ledgerFields(services, state, call),
    status,
    result: {
      content: result.content,
      isError,
      ...(result.data === undefined ? {} : { data: result.data }),
      ...(result.outputBytes === undefined ? {} : { outputBytes: result.outputBytes }),
    },
    ...(replayed ? { replayed } : {}),
  };
  return { kind: 'finished', message, record };
}

function ledgerFields(services: EngineServices, state: RunState, call: PendingCall): Omit<ToolCallRecord, 'status'> {
  const tool = services.registry.resolve(call.name);
  return {
    callId: call.id,
    name: call.name,
    arguments: call.arguments,
    implementationId: tool?.implementationId ?? '',
    sideEffects: tool?.sideEffects ?? null,
    idempotencyKey: idempotencyKeyFor(state.instanceId, call.id),
  };
}
