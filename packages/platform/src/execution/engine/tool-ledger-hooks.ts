import type { Prisma, PrismaClient } from '@agentloom/db';
import { idempotencyKeyFor, type LifecycleHooks, type ToolRegistry, type ToolVeto } from '@agentloom/runtime';

import { appendRunEvents } from '../../events/append-run-events';
import { fenceRun } from '../fence-run';
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
 * and handed to an operator. A call that already succeeded is never run again.
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
      failures.push(error);
      throw error;
    });
  return {
    outcomeUnknownCallIds,
    failures,
    toolCallStarting: ({ call }) =>
      recordingFailure(prisma.$transaction(async (transaction): Promise<ToolVeto | undefined> => {
        await fenceRun(transaction, run, owner);
        const sideEffects = registry().resolve(call.name)?.sideEffects ?? 'unsafe';
        const existing = await transaction.toolCall.findUnique({ where: { runId_callId: { runId: run.id, callId: call.id } }, select: { id: true, status: true, result: true, statusHistory: true } });
        if (existing?.status === 'succeeded') {
          const content = (existing.result as { content?: string } | null)?.content ?? '';
          return { veto: true, reason: `Already executed in an earlier attempt (idempotency key ${idempotencyKeyFor(run.id, call.id)}); its result was: ${content}` };
        }
        // Already `outcome_unknown`: an earlier attempt vetoed it but died before committing the
        // step that asks the operator. Running it now could repeat it; ask again instead.
        if ((existing?.status === 'running' || existing?.status === 'outcome_unknown') && sideEffects === 'unsafe') {
          if (existing.status === 'running') {
            await transaction.toolCall.update({ where: { id: existing.id }, data: { status: 'outcome_unknown', statusHistory: appendHistory(existing.statusHistory, 'outcome_unknown', run.attempt) } });
            await appendRunEvents(transaction, run, [{ type: 'tool-call-outcome-unknown', payload: { callId: call.id, toolName: call.name, attempt: run.attempt } }]);
          }
          outcomeUnknownCallIds.push(call.id);
          return { veto: true, reason: `The outcome of ${call.name} is unknown: the executor stopped while it ran, and it is not safe to repeat. An operator was asked to decide.` };
        }
        const now = new Date();
        startedAt.set(call.id, performance.now());
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
            idempotencyKey: idempotencyKeyFor(run.id, call.id),
            status: 'running',
            startedAt: now,
            statusHistory: [{ status: 'running', at: now.toISOString(), attempt: run.attempt }],
          },
          update: { status: 'running', startedAt: now, statusHistory: appendHistory(existing?.statusHistory ?? [], 'running', run.attempt) },
        });
        return undefined;
      })),
    toolCallFinished: ({ call, result }) =>
      recordingFailure(prisma.$transaction(async (transaction) => {
        await fenceRun(transaction, run, owner);
        const existing = await transaction.toolCall.findUnique({ where: { runId_callId: { runId: run.id, callId: call.id } }, select: { statusHistory: true } });
        if (!existing) return;
        const status = result.isError ? 'failed' : 'succeeded';
        const began = startedAt.get(call.id);
        if (began !== undefined) observer?.toolCallFinished(call.name, status, (performance.now() - began) / 1000);
        await transaction.toolCall.update({
          where: { runId_callId: { runId: run.id, callId: call.id } },
          data: {
            status,
            finishedAt: new Date(),
            result: { content: result.content, isError: result.isError ?? false, data: (result.data ?? null) as Prisma.InputJsonValue },
            ...(result.outputBytes === undefined ? {} : { outputBytes: result.outputBytes }),
            statusHistory: appendHistory(existing.statusHistory, status, run.attempt),
          },
        });
      })),
  };
}

function appendHistory(history: Prisma.JsonValue, status: string, attempt: number): Prisma.InputJsonArray {
  const entries = Array.isArray(history) ? history : [];
  return [...entries, { status, at: new Date().toISOString(), attempt }] as Prisma.InputJsonArray;
}
