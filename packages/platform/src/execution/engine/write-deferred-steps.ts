import type { Prisma, StatementRunner } from '@agentloom/db';
import type { StepResult } from '@agentloom/runtime';

import type { NewRunEvent } from '../../events/run-event';
import { hasMemoryUseToRecord, recordMemoryUse } from '../../memory/record-memory-use';
import { recordHistorySources } from '../../threads/record-history-sources';
import type { ClaimedRun } from '../run-claims';
import { stepCommittedPayload } from './step-committed-payload';
import { stepEventsOf, usageCountsOf } from './step-usage';
import { stepRowsDocument, writeStepRowsInOrder, type StepRowsDocument } from './write-step-rows';

/**
 * Writes steps that ran and were kept in memory (ADR 0059), in the caller's transaction, as their
 * own commits would have, followed by the rows of the step that commits them (`committing`): all the
 * step rows in one statement (each checkpoint pruning the one before, so only the last survives,
 * ADR 0071), then the deferred steps' memory use and thread-history sources. Returned for the
 * caller's own statements: the committing step's id, the deferred steps' events (to append before its
 * step's), their counters (added to its step's run update: one statement for all) and each deferred
 * step's checkpoint size.
 */
export async function writeDeferredSteps(
  transaction: Prisma.TransactionClient,
  /** The same transaction's statements through the driver (`withTransactionStatements`), for the step rows. */
  statements: StatementRunner,
  run: ClaimedRun,
  steps: readonly StepResult[],
  committing: StepRowsDocument,
  options: { now: Date; historySources?: readonly (readonly string[])[] },
): Promise<{ stepId: string; events: NewRunEvent[]; checkpointBytes: number[]; counts: DeferredCounts; readErasedMemory: boolean }> {
  const totals: DeferredCounts = { ...noDeferredCounts, steps: steps.length };
  // Each step its own instant, strictly before the next one's and the committing step's (`now`):
  // the ledger is read in (created_at, call id) order, and a replay's first divergent call depends on it.
  const documents = steps.map((step, position) => stepRowsDocument(run, step, new Date(options.now.getTime() - (steps.length - position))));
  const stepIds = await writeStepRowsInOrder(statements, [...documents, committing]);
  const events: NewRunEvent[] = [];
  const checkpointBytes: number[] = [];
  let readErasedMemory = false;
  for (const [position, step] of steps.entries()) {
    const rows = documents[position]!;
    const stepId = stepIds[position]!;
    // As agentloom_commit_step: a step's memory use is (re)written only when it has some, or when the
    // step row already existed (a step committed before, whose earlier memory use is replaced).
    const memoryUse = stepId !== rows.step.id || hasMemoryUseToRecord(step) ? await recordMemoryUse(transaction, run, step, stepId) : undefined;
    if (memoryUse?.readErasedMemory) readErasedMemory = true;
    const memoryEvents = memoryUse?.events ?? [];
    if (options.historySources) await recordHistorySources(transaction, run.id, step, options.historySources);
    events.push(...stepEventsOf(step), ...memoryEvents, { type: 'step-committed', payload: { ...stepCommittedPayload(rows, step, false), stepId } as unknown as Prisma.InputJsonObject });
    checkpointBytes.push(rows.checkpoint.byteSize);
    const usage = usageCountsOf(step);
    for (const key of Object.keys(usage) as (keyof typeof usage)[]) totals[key] += usage[key];
  }
  return { stepId: stepIds.at(-1)!, events, checkpointBytes, counts: totals, readErasedMemory };
}

/** What deferred steps add to their run's counters, written with the committing step's (ADR 0071). */
export interface DeferredCounts {
  steps: number;
  modelCalls: number;
  toolCallCount: number;
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
  servedTokens: number;
  servedCostUsd: number;
}

export const noDeferredCounts: DeferredCounts = { steps: 0, modelCalls: 0, toolCallCount: 0, inputTokens: 0, outputTokens: 0, costUsd: 0, servedTokens: 0, servedCostUsd: 0 };
