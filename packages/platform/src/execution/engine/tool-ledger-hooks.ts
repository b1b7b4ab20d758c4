import type { Prisma, PrismaClient } from '@agentloom/db';
import { AbortedError, type LifecycleHooks, type ToolRegistry, type ToolReplay, type ToolResult, type ToolVeto } from '@agentloom/runtime';

import { appendRunEvents } from '../../events/append-run-events';
import { fenceRun } from '../fence-run';
import { abandonedToolCallStatus } from './close-leftover-tool-calls';
import type { ClaimedRun } from '../run-claims';

export interface ToolLedgerHooks extends LifecycleHooks {
  /** Calls found `running` from a dead attempt whose tool is `unsafe`: the run must wait for an operator. */
  readonly outcomeUnknownCallIds: string[];
  /**
   * Errors a ledger write threw (lost lease, database down, deadlock). The engine turns a hook error
   * into an interrupted step; the processor must see the real cause instead of committing that step
   * as the run's failure.
   */
  readonly failures: unknown[];
}

/**
 * Writes the tool-call ledger around each execution, each in its own short committed transaction,
 * so a crash leaves a truthful record: `running` before the handler starts, `succeeded`/`failed`
 * the moment it returns. On resume after a crash a call found `running` is re-run only when the
 * tool declares `none` or `idempotent` side effects; an `unsafe` one is vetoed as "outcome unknown"
 * and handed to an operator. A call that already ran to an end (succeeded or failed) is never run
 * again: its recorded result is replayed. A sub-agent's calls arrive here too (qualified call ids),
 * and their rows are linked to the delegating call.
 */
export function createToolLedgerHooks(
  prisma: PrismaClient,
  run: ClaimedRun,
  owner: string,
  registry: () => ToolRegistry,
  observer?: { toolCallFinished(tool: string, status: string, seconds: number): void },
): ToolLedgerHooks {
  const outcomeUnknownCallIds: string[] = [];
  const failures: unknown[] = [];
  const startedAt = new Map<string, number>();
  const recordingFailure = <T>(write: Promise<T>): Promise<T> =>
    write.catch((error: unknown) => {
      // A committed cancel is the run's outcome, not a ledger failure.
      if (!(error instanceof AbortedError)) failures.push(error);
      throw error;
    });
  return {
    outcomeUnknownCallIds,
    failures,
    toolCallStarting: ({ call, idempotencyKey, delegation }) =>
      recordingFailure(prisma.$transaction(async (transaction): Promise<ToolVeto | ToolReplay | undefined> => {
        // Cancel wins: checked under the run row lock the cancel also takes, in the transaction that
        // would mark the call running, so no call starts once a cancel has committed.
        if ((await fenceRun(transaction, run, owner)).cancelRequested) throw new AbortedError(cancelCommittedMessage);
        const sideEffects = registry().resolve(call.name)?.sideEffects ?? 'unsafe';
        const existing = await transaction.toolCall.findUnique({ where: { runId_callId: { runId: run.id, callId: call.id } }, select: { id: true, status: true, result: true, statusHistory: true, errorKind: true } });
        // Aborted under an earlier attempt (lost lease, drain): it may have done part or all of its work,
        // so its recorded "cancelled"/"abandoned" result is not an answer — treat it like a call found running.
        const interrupted = existing?.errorKind === 'cancelled' || existing?.errorKind === 'abandoned';
        // Ran to an end in an earlier attempt whose step was never committed: the ledger's record is
        // the answer, given to the model as the call's normal result (never run twice, never a veto).
        if (existing && !interrupted && (existing.status === 'succeeded' || existing.status === 'failed') && existing.result !== null) {
          return { replay: true, result: recordedResult(existing.result, existing.status) };
        }
        // Already `outcome_unknown`: an earlier attempt vetoed it but died before committing the
        // step that asks the operator. Running it now could repeat it; ask again instead.
        if (existing && (existing.status === 'running' || existing.status === 'outcome_unknown' || interrupted) && sideEffects === 'unsafe') {
          if (existing.status !== 'outcome_unknown') {
            await transaction.toolCall.update({ where: { id: existing.id }, data: { status: 'outcome_unknown', statusHistory: appendHistory(existing.statusHistory, 'outcome_unknown', run.attempt) } });
            await appendRunEvents(transaction, run, [{ type: 'tool-call-outcome-unknown', payload: { callId: call.id, toolName: call.name, attempt: run.attempt } }]);
          }
          outcomeUnknownCallIds.push(call.id);
          return { veto: true, reason: `The outcome of ${call.name} is unknown: the executor stopped while it ran, and it is not safe to repeat. An operator was asked to decide.` };
        }
        const now = new Date();
        startedAt.set(call.id, performance.now());
        // A sub-agent's call is linked to the delegating call (written by this hook before the child ran).
        const parent = delegation ? await transaction.toolCall.findUnique({ where: { runId_callId: { runId: run.id, callId: delegation.parentCallId } }, select: { id: true } }) : null;
        await transaction.toolCall.upsert({
          where: { runId_callId: { runId: run.id, callId: call.id } },
          create: {
            tenantId: run.tenantId,
            runId: run.id,
            callId: call.id,
            name: call.name,
            implementationId: registry().resolve(call.name)?.implementationId ?? '',
            sideEffects,
            arguments: call.arguments as Prisma.InputJsonObject,
            idempotencyKey,
            status: 'running',
            startedAt: now,
            statusHistory: [{ status: 'running', at: now.toISOString(), attempt: run.attempt }],
            ...(delegation ? { parentToolCallId: parent?.id ?? null, subAgent: delegation.agent, childInstanceId: delegation.instanceId } : {}),
          },
          update: { status: 'running', startedAt: now, errorKind: null, errorMessage: null, statusHistory: appendHistory(existing?.statusHistory ?? [], 'running', run.attempt) },
        });
        return undefined;
      })),
    toolCallFinished: ({ call, result, interruption }) =>
      recordingFailure(prisma.$transaction(async (transaction) => {
        await fenceRun(transaction, run, owner);
        const existing = await transaction.toolCall.findUnique({ where: { runId_callId: { runId: run.id, callId: call.id } }, select: { statusHistory: true } });
        if (!existing) return;
        // A handler that ignored its abort past the grace period: outcome unknown, closed like any call a run leaves running.
        const status = interruption === 'abandoned' ? abandonedToolCallStatus : result.isError ? 'failed' : 'succeeded';
        const began = startedAt.get(call.id);
        if (began !== undefined) observer?.toolCallFinished(call.name, status, (performance.now() - began) / 1000);
        await transaction.toolCall.update({
          where: { runId_callId: { runId: run.id, callId: call.id } },
          data: {
            status,
            // Aborted under the call (cancel, lost lease, drain): `cancelled` if it stopped, `abandoned` if it ignored the abort.
            ...(interruption ? { errorKind: interruption, errorMessage: result.content } : {}),
            finishedAt: new Date(),
            result: { content: result.content, isError: result.isError ?? false, data: (result.data ?? null) as Prisma.InputJsonValue },
            ...(result.outputBytes === undefined ? {} : { outputBytes: result.outputBytes }),
            statusHistory: appendHistory(existing.statusHistory, status, run.attempt),
          },
        });
      })),
  };
}

/** The reason a tool or model call was refused because the run's cancel had committed. */
export const cancelCommittedMessage = 'The run was cancelled before this call started';

function appendHistory(history: Prisma.JsonValue, status: string, attempt: number): Prisma.InputJsonArray {
  const entries = Array.isArray(history) ? history : [];
  return [...entries, { status, at: new Date().toISOString(), attempt }] as Prisma.InputJsonArray;
}

function recordedResult(stored: Prisma.JsonValue, status: 'succeeded' | 'failed'): ToolResult {
  const result = (stored ?? {}) as { content?: unknown; isError?: unknown; data?: unknown };
  return {
    content: typeof result.content === 'string' ? result.content : '',
    isError: status === 'failed' || result.isError === true,
    ...(result.data === undefined || result.data === null ? {} : { data: result.data }),
  };
}
