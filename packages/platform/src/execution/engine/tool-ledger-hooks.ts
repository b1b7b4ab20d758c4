import type { Prisma, StatementRunner } from '@agentloom/db';
import {
  AbortedError,
  type DelegationIdentity,
  type LifecycleHooks,
  type ToolCallRequest,
  type ToolRegistry,
  type ToolReplay,
  type ToolResult,
  type ToolVeto,
} from '@agentloom/runtime';
import { v7 as uuidv7 } from 'uuid';

import { LeaseLostError } from '../lease-lost-error';
import type { ClaimedRun } from '../run-claims';
import { abandonedToolCallStatus, unstartedToolCallStatus } from './close-leftover-tool-calls';
import { storeInFlightReplyStatement, type InFlightReply } from './in-flight-reply-gateway';
import { toolCallFinishedStatement, toolCallStartingStatement, type ToolCallFinishedDocument } from './tool-ledger-sql';

export interface ToolLedgerHooks extends LifecycleHooks {
  /** Calls found `running` from a dead attempt whose tool is `unsafe`: the run must wait for an operator. */
  readonly outcomeUnknownCallIds: string[];
  /**
   * Errors a ledger write threw (lost lease, database down, deadlock). The engine turns a hook error
   * into an interrupted step; the processor must see the real cause instead of committing that step
   * as the run's failure.
   */
  readonly failures: unknown[];
  /**
   * Writes, each on its own, the ends left for the step commit (ADR 0093) whose calls `recordedCallIds` does
   * not hold: before a step commit, the calls that step does not record (an interrupted step's); after an
   * error, all of them (an empty set), before anything else is written for the run. The others stay
   * pending until `endsCommitted`.
   */
  writeEndsNotRecorded(recordedCallIds: ReadonlySet<string>): Promise<void>;
  /** The step that records the pending ends has committed: nothing is left to write for them. */
  endsCommitted(): void;
}

/**
 * Writes the tool-call ledger around each execution, each one statement that is its own transaction
 * (`agentloom_tool_call_starting` / `_finished`, migration 20261201121000, fenced by the lease),
 * so a crash leaves a truthful record: `running` before the handler starts, `succeeded`/`failed`
 * the moment it returns. On resume after a crash a call found `running` is re-run only when the
 * tool declares `none` or `idempotent` side effects; an `unsafe` one is vetoed as "outcome unknown"
 * and handed to an operator. A call that already ran to an end (succeeded or failed) is never run
 * again: its recorded result is replayed. A sub-agent's calls arrive here too (qualified call ids),
 * and their rows are linked to the delegating call. The writes of a `none` or `idempotent` call commit
 * without waiting for the WAL flush (ADR 0085): only a Postgres server crash can lose them, and such a
 * call may run again anyway. For the same reason, the end of such a call that returns while no other call
 * of the run is running is not written on its own: the step commit right after records it (ADR 0093).
 * Before the first `unsafe` call of a step starts, the run's action-model reply of that step is stored
 * on the run (`runs.in_flight_reply`): a provider names calls anew in every response, so a resumed
 * attempt answers the step with that reply (`InFlightReplyGateway`) and finds this call's row under its id.
 */
export function createToolLedgerHooks(
  /** Where the two statements run: the driver (`Database.statements`) on the executor's path, or a Prisma client. */
  runner: StatementRunner,
  run: ClaimedRun,
  owner: string,
  registry: () => ToolRegistry,
  observer?: { toolCallFinished(tool: { tenantId: string; toolName: string }, status: string, seconds: number): void },
): ToolLedgerHooks {
  const outcomeUnknownCallIds: string[] = [];
  const failures: unknown[] = [];
  const startedAt = new Map<string, number>();
  // Calls started and not yet ended in this attempt, and the ends left for the step commit (ADR 0093).
  const running = new Set<string>();
  const endsForTheCommit = new Map<string, ToolCallFinishedDocument>();
  // The run's own action reply of the step in progress, and the write that stores it (once per step).
  let actionReply: InFlightReply | undefined;
  let storedReply: { step: number; write: Promise<void> } | undefined;
  /**
   * Stores the step's action reply before the step's first unsafe call starts, so it is on disk before any
   * handler with an effect runs. A call of a step that made no action call in this attempt (an approved or
   * resumed batch) needs none: its ids come from a committed checkpoint.
   */
  const storeActionReplyOf = (step: number): Promise<void> => {
    if (actionReply?.step !== step) return Promise.resolve();
    if (storedReply?.step === step) return storedReply.write;
    const write = storeInFlightReplyStatement(runner, run, owner, actionReply).then((outcome) => {
      if (outcome === 'lease-lost') throw new LeaseLostError(run.id);
    });
    storedReply = { step, write };
    return write;
  };
  const recordingFailure = <T>(write: Promise<T>): Promise<T> =>
    write.catch((error: unknown) => {
      // A committed cancel is the run's outcome, not a ledger failure.
      if (!(error instanceof AbortedError)) failures.push(error);
      throw error;
    });
  /** The ledger's start: the call marked running (fenced, cancel checked), or the earlier attempt's record that answers it. */
  const startCall = async (
    call: ToolCallRequest,
    step: number,
    idempotencyKey: string,
    delegation: DelegationIdentity | undefined,
  ): Promise<ToolVeto | ToolReplay | undefined> => {
    const tool = registry().resolve(call.name);
    const sideEffects = tool?.sideEffects ?? 'unsafe';
    // Only the run's own calls: a sub-agent's reply is not stored (ADR 0085), its calls are named by its model.
    if (sideEffects === 'unsafe' && delegation === undefined) await storeActionReplyOf(step);
    // Cancel wins: checked under the run row lock the cancel also takes, in the statement that
    // would mark the call running, so no call starts once a cancel has committed.
    const decision = await toolCallStartingStatement(runner, {
      runId: run.id,
      tenantId: run.tenantId,
      owner,
      attempt: run.attempt,
      now: new Date().toISOString(),
      id: uuidv7(),
      callId: call.id,
      name: call.name,
      implementationId: tool?.implementationId ?? '',
      sideEffects,
      arguments: call.arguments,
      idempotencyKey,
      // A sub-agent's call is linked to the delegating call (written by this hook before the child ran).
      ...(delegation ? { parentCallId: delegation.parentCallId, subAgent: delegation.agent, childInstanceId: delegation.instanceId } : {}),
    });
    switch (decision.outcome) {
      case 'lease-lost':
        throw new LeaseLostError(run.id);
      case 'cancel-requested':
        throw new AbortedError(cancelCommittedMessage);
      case 'replay':
        // Ran to an end in an earlier attempt whose step was never committed: the ledger's record is
        // the answer, given to the model as the call's normal result (never run twice, never a veto).
        return { replay: true, result: recordedResult(decision.result as Prisma.JsonValue, decision.status) };
      case 'veto':
        // Found running (or aborted) under an earlier attempt and not safe to repeat: an operator decides.
        outcomeUnknownCallIds.push(call.id);
        return {
          veto: true,
          reason: `The outcome of ${call.name} is unknown: the executor stopped while it ran, and it is not safe to repeat. An operator was asked to decide.`,
        };
      case 'run':
        startedAt.set(call.id, performance.now());
        return undefined;
    }
  };
  return {
    outcomeUnknownCallIds,
    failures,
    modelCallFinished: ({ instanceId, step, purpose, response }) => {
      // A sub-agent's model calls reach these hooks too, under its own instance id.
      if (purpose === 'action' && instanceId === run.id) actionReply = { step, response };
    },
    toolCallStarting: ({ call, step, idempotencyKey, delegation }) =>
      recordingFailure(
        (async (): Promise<ToolVeto | ToolReplay | undefined> => {
          // Counted as running from the moment it is asked for, not from its start's answer: the calls of a
          // batch all ask before any of them can end, so an end sees every sibling still to come.
          running.add(call.id);
          const decision = await startCall(call, step, idempotencyKey, delegation);
          if (decision !== undefined) running.delete(call.id);
          return decision;
        })().catch((error: unknown) => {
          running.delete(call.id);
          throw error;
        }),
      ),
    toolCallFinished: ({ call, result, interruption, delegation }) =>
      recordingFailure(
        (async () => {
          running.delete(call.id);
          // The executor's drain ran out under the call (ADR 0108): the run is given back, not ended, so
          // the row stays `running`, as a crash leaves it. The next attempt's start decides by the ledger's
          // rules: a repeatable call runs again, an unsafe one's outcome goes to an operator.
          if (interruption === 'host-stopping') return;
          // A handler that ignored its abort past the grace period: outcome unknown, closed like any call a run leaves running.
          // The drain's abort before the handler was invoked: it never ran, so its row says so (`expired`, error kind
          // `not-started`) instead of staying `running` — which would send an unsafe call to an operator as though it
          // might have run. The next attempt's start finds it neither ended nor interrupted, and runs it (audit F5).
          const status =
            interruption === 'abandoned'
              ? abandonedToolCallStatus
              : interruption === 'not-started'
                ? unstartedToolCallStatus
                : result.isError
                  ? 'failed'
                  : 'succeeded';
          const end: ToolCallFinishedDocument = {
            runId: run.id,
            owner,
            attempt: run.attempt,
            now: new Date().toISOString(),
            callId: call.id,
            status,
            result: { content: result.content, isError: result.isError ?? false, data: result.data ?? null },
            ...(result.outputBytes === undefined ? {} : { outputBytes: result.outputBytes }),
            // Aborted under the call (cancel, lost lease, drain): `cancelled` if it stopped, `abandoned` if it ignored the abort.
            ...(interruption ? { interruption } : {}),
          };
          if (
            endRidesTheCommit(registry().resolve(call.name)?.sideEffects, {
              interruption,
              delegated: delegation !== undefined,
              othersRunning: running.size > 0,
            })
          ) {
            endsForTheCommit.set(call.id, end);
          } else {
            const recorded = await toolCallFinishedStatement(runner, end);
            if (recorded.outcome === 'lease-lost') throw new LeaseLostError(run.id);
            if (recorded.outcome === 'missing') return;
          }
          const began = startedAt.get(call.id);
          if (began !== undefined) observer?.toolCallFinished({ tenantId: run.tenantId, toolName: call.name }, status, (performance.now() - began) / 1000);
        })(),
      ),
    writeEndsNotRecorded: (recordedCallIds) =>
      recordingFailure(
        (async () => {
          for (const end of [...endsForTheCommit.values()]) {
            if (recordedCallIds.has(end.callId)) continue;
            endsForTheCommit.delete(end.callId);
            const recorded = await toolCallFinishedStatement(runner, end);
            if (recorded.outcome === 'lease-lost') throw new LeaseLostError(run.id);
          }
        })(),
      ),
    endsCommitted: () => endsForTheCommit.clear(),
  };
}

/**
 * Whether a call's end is left to the step commit instead of a write of its own (ADR 0093): the call
 * ended normally, its tool may run again (`none` or `idempotent`: a crash before the commit leaves it
 * `running`, and `running` means "run it again" for such a call), it is the run's own (a sub-agent's
 * calls keep their writes), and no other call of the run is still running — so nothing but the
 * engine's bookkeeping for the step stands between the call's return and the commit.
 */
export function endRidesTheCommit(
  sideEffects: string | undefined,
  call: { interruption: string | undefined; delegated: boolean; othersRunning: boolean },
): boolean {
  return (sideEffects === 'none' || sideEffects === 'idempotent') && call.interruption === undefined && !call.delegated && !call.othersRunning;
}

/** The reason a tool or model call was refused because the run's cancel had committed. */
export const cancelCommittedMessage = 'The run was cancelled before this call started';

function recordedResult(stored: Prisma.JsonValue, status: 'succeeded' | 'failed'): ToolResult {
  const result = (stored ?? {}) as { content?: unknown; isError?: unknown; data?: unknown };
  return {
    content: typeof result.content === 'string' ? result.content : '',
    isError: status === 'failed' || result.isError === true,
    ...(result.data === undefined || result.data === null ? {} : { data: result.data }),
  };
}
