import { withTransactionStatements, type Prisma, type PrismaClient, type StatementRunner } from '@agentloom/db';
import { idempotencyKeyFor, type ApprovalRequest, type StepResult } from '@agentloom/runtime';

import { appendRunEvents } from '../../events/append-run-events';
import { markEpisodePending } from '../../memory/episodes/mark-episode-pending';
import { holdEraseFenceShared } from '../../erase/erase-fence';
import { restartRunningReaders } from '../../erase/restart-running-readers';
import { hasMemoryUseToRecord, recordMemoryUse } from '../../memory/record-memory-use';
import { recordHistorySources } from '../../threads/record-history-sources';
import type { NewRunEvent } from '../../events/run-event';
import { closeCancelledRunCalls } from '../close-cancelled-run-calls';
import { fenceRun } from '../fence-run';
import { LeaseLostError } from '../lease-lost-error';
import type { ClaimedRun } from '../run-claims';
import { maximumApprovalExpiryMinutes } from '../../agents/agent-version-config';
import { assertApprovalIsThisCall, assertLedgerRowIsThisCall } from './approval-belongs-to-its-call';
import { askAboutOutcome } from './ask-about-outcome';
import { closeLeftoverToolCalls } from './close-leftover-tool-calls';
import { commitStepStatement } from './step-commit-sql';
import { isOrdinaryStep, plainFinishOf } from './step-commit-route';
import { stepCommittedPayload } from './step-committed-payload';
import { stepEventsOf, usageCountsOf } from './step-usage';
import { noDeferredCounts, writeDeferredSteps, type DeferredCounts } from './write-deferred-steps';
import { stepRowsDocument } from './write-step-rows';
import { parkRunStatement } from '../../waits/wait-sql';
import { scheduleBudgetResume } from '../../budgets/budget-window-sql';
import { countersRide, runCounterIncrements, succeededRide, type RunUpdateRide } from './run-update-ride';

export interface PersistStepOptions {
  owner: string;
  /** Minutes until a new approval expires; undefined waits forever. */
  approvalExpiryMinutes?: number;
  /** Set when the run must wait for an operator (a call's outcome is unknown after a crash). */
  outcomeUnknownCallIds?: readonly string[];
  /** A fresh run on a thread: per seeded history message, the earlier runs it copies. */
  historySources?: readonly (readonly string[])[];
  /**
   * Ordinary steps that ran before this one and were kept in memory (a recorded replay, ADR 0059):
   * committed first, in this step's transaction, so the run's steps land all together or not at all.
   */
  deferred?: readonly StepResult[];
  /** False for a run that never becomes an episode memory (a replay): `episode_pending` is not set. */
  writesEpisode?: boolean;
  /**
   * True for a run without a ledger hook (a recorded replay, ADR 0059): its calls are written only
   * with their steps, never `running` or `outcome_unknown`, so its end has no leftover call to close (ADR 0071).
   */
  withoutLedger?: boolean;
  /**
   * Runs inside the transaction that ends the run (any final status), after the run's rows and events
   * are written: a replay's scoring (ADR 0071). Must not throw for its own failures (a savepoint keeps them
   * from undoing the run's outcome); whatever it throws fails the commit. `statements` is the same
   * transaction through the driver (`withTransactionStatements`).
   */
  atFinish?: (transaction: Prisma.TransactionClient, statements: StatementRunner) => Promise<void>;
  /**
   * Where an ordinary step's one statement runs: the driver (`Database.statements`: the pg pool or the
   * PGlite session), skipping the Prisma client's request pipeline (ADR 0072). Defaults to `prisma`.
   * The general path is a Prisma transaction either way.
   */
  statements?: StatementRunner;
}

/**
 * Commits one engine step atomically: step, messages, tool calls, approvals, checkpoint, run status
 * and usage, and the step's events — after checking this executor still holds the lease.
 * Cancel wins: when the run's cancel has committed, whatever the step asked for next (another step,
 * an approval, even its final output or a failure) the run ends `cancelled` here.
 *
 * An ordinary step (the run goes on, nothing to record beyond the step itself) is one statement,
 * `agentloom_commit_step` (ADR 0016), and so is a step that ends the run with its output and leaves no call
 * open (ADR 0101). A step that fails, cancels or pauses the run, asks an operator, closes leftover calls, or
 * records memory use or thread history takes the general path: one transaction whose row writes are the same
 * single statement, `agentloom_write_step_rows`, followed by the rarer writes.
 */
/** What a committed step did to its run: the final status when the step ended it, and its checkpoint's size. */
export interface CommittedStep {
  finishedStatus?: string;
  checkpointBytes: number;
  /** The checkpoint size of each deferred step committed before this one, in order. */
  deferredCheckpointBytes?: number[];
  /**
   * True when the commit's fence found the lease held and no cancel committed, under the run row lock,
   * and the run goes on: the executor needs no status read before the next step (ADR 0072).
   */
  fenceConfirmed?: boolean;
}

export async function persistStep(prisma: PrismaClient, run: ClaimedRun, result: StepResult, options: PersistStepOptions): Promise<CommittedStep> {
  const now = new Date();
  const rows = stepRowsDocument(run, result, now);
  const deferred = options.deferred ?? [];
  const finish = deferred.length === 0 ? plainFinishOf(result, options) : undefined;
  if (deferred.length === 0 && (finish || isOrdinaryStep(result, options))) {
    const committed = await commitStepStatement(options.statements ?? prisma, {
      ...rows,
      owner: options.owner,
      attempt: run.attempt,
      usage: usageCountsOf(result),
      events: stepEventsOf(result),
      stepCommitted: stepCommittedPayload(rows, result, false),
      ...(finish ? { finish } : {}),
    });
    if (committed.outcome === 'committed') {
      return finish ? { checkpointBytes: rows.checkpoint.byteSize, finishedStatus: 'succeeded' } : { checkpointBytes: rows.checkpoint.byteSize, fenceConfirmed: true };
    }
    if (committed.outcome === 'lease-lost') throw new LeaseLostError(run.id);
    // The cancel committed while the step ran, or the end would leave calls open: the general path ends the
    // run cancelled, or closes those calls with their events before it ends the run.
  }
  // Raw statements (the fence, the step rows, the event append) go through the driver in the same
  // transaction; the rarer writes stay Prisma calls (ADR 0088).
  return withTransactionStatements(prisma, async (transaction, statements) => {
    // Before the run's row, as every erase-fenced writer takes it first (ADR 0040, 0104): an erase starting now
    // waits for this commit and then finds the memory use it records.
    if (hasMemoryUseToRecord(result) || deferred.some(hasMemoryUseToRecord)) await holdEraseFenceShared(transaction, run.tenantId);
    const { cancelRequested } = await fenceRun(statements, run, options.owner);
    const {
      stepId,
      events: deferredEvents,
      checkpointBytes: deferredCheckpointBytes,
      counts: deferredCounts,
      readErasedMemory: deferredReadErasedMemory,
    } = await writeDeferredSteps(transaction, statements, run, deferred, rows, { now, ...(options.historySources ? { historySources: options.historySources } : {}) });
    // As agentloom_commit_step: memory use is (re)written when the step has some, or when its row already
    // existed (a step committed before, whose earlier memory use is replaced); otherwise there is none to write.
    const memoryUse = stepId !== rows.step.id || hasMemoryUseToRecord(result) ? await recordMemoryUse(transaction, run, result, stepId) : undefined;
    const memoryEvents = memoryUse?.events ?? [];
    if (options.historySources) await recordHistorySources(transaction, run.id, result, options.historySources);
    const approvalEvents = cancelRequested ? [] : await createApprovals(transaction, run, result, options.approvalExpiryMinutes);
    // Every call the ledger found of unknown outcome gets its operator question, whatever the step's
    // outcome: the model was told "an operator was asked", and a finished run must not hide it. (A
    // cancelled run's unknown outcomes are asked about by the at-finish sweep in endCancelled.)
    const outcomeUnknown = cancelRequested ? [] : (options.outcomeUnknownCallIds ?? []);
    approvalEvents.push(...(await askOperatorAboutUnknownOutcomes(transaction, run, outcomeUnknown)));
    const writesEpisode = options.writesEpisode !== false;
    const { events: finishEvents, ride } = cancelRequested
      ? { events: await endCancelled(transaction, run, result, deferredCounts), ride: undefined }
      : await updateRun(transaction, run, result, { waitForOperator: outcomeUnknown.length > 0, deferred: deferredCounts, withoutLedger: options.withoutLedger === true, writesEpisode });
    // A run update riding on the events' statement sets the episode flag itself (ADR 0084).
    if (writesEpisode && !ride) await markEpisodePending(transaction, run.id, result);
    const events: NewRunEvent[] = [
      ...deferredEvents,
      ...stepEventsOf(result),
      ...memoryEvents,
      ...approvalEvents,
      { type: 'step-committed', payload: { ...stepCommittedPayload(rows, result, !cancelRequested), stepId } as unknown as Prisma.InputJsonObject },
      ...finishEvents,
    ];
    await appendRunEvents(statements, run, events, ride);
    // The step read memory erased before it committed: its copies were redacted, but the executor still holds
    // the text. Restarted as an erase restarts a running reader; the status read after this commit stops it.
    if (memoryUse?.readErasedMemory || deferredReadErasedMemory) await restartRunningReaders(transaction, run.tenantId, [run.id]);
    const finished = finishEvents.find((event) => event.type === 'run-finished')?.payload as { status?: unknown } | undefined;
    if (finished && options.atFinish) await options.atFinish(transaction, statements);
    return { checkpointBytes: rows.checkpoint.byteSize, deferredCheckpointBytes, ...(typeof finished?.status === 'string' ? { finishedStatus: finished.status } : {}) };
  });
}

async function createApprovals(transaction: Prisma.TransactionClient, run: ClaimedRun, result: StepResult, expiryMinutes: number | undefined): Promise<NewRunEvent[]> {
  if (result.next.type !== 'approval-request') return [];
  const events: NewRunEvent[] = [];
  for (const request of result.next.requests) {
    const toolCall = await gatedCallRow(transaction, run, request);
    const approval =
      toolCall.approval ??
      (await transaction.approval.create({
        data: {
          tenantId: run.tenantId,
          runId: run.id,
          toolCallId: toolCall.id,
          requestReason: `${request.toolName} requires approval (${request.sideEffects} side effects)${request.requestedBy ? `, requested by sub-agent ${request.requestedBy.agent} in call ${request.requestedBy.parentCallId}` : ''}`,
          originalArguments: request.arguments as Prisma.InputJsonObject,
          expiresAt: expiryMinutes ? new Date(Date.now() + Math.min(expiryMinutes, maximumApprovalExpiryMinutes) * 60_000) : null,
        },
        select: approvalSelection,
      }));
    events.push({
      type: 'approval-requested',
      payload: {
        approvalId: approval.id,
        callId: request.callId,
        toolName: request.toolName,
        arguments: request.arguments as Prisma.InputJsonObject,
        sideEffects: request.sideEffects,
        expiresAt: approval.expiresAt?.toISOString() ?? null,
        ...(request.requestedBy ? { requestedBy: request.requestedBy } : {}),
      },
    });
  }
  return events;
}

const approvalSelection = { id: true, expiresAt: true, status: true, originalArguments: true, requestReason: true } as const;

/**
 * The gated call's ledger row, created when the call has none, with its approval when it has one. A row or an
 * approval found under the call id must be this call's own (ADR 0105): the approval is checked first (a
 * decision already given is the one thing that must never run another call), then the row; otherwise the
 * commit fails with `CallIdCollisionError` and nothing of the step is written.
 */
async function gatedCallRow(transaction: Prisma.TransactionClient, run: ClaimedRun, request: ApprovalRequest) {
  const found = await transaction.toolCall.findUnique({
    where: { runId_callId: { runId: run.id, callId: request.callId } },
    select: { id: true, name: true, implementationId: true, arguments: true, status: true, statusHistory: true, approval: { select: approvalSelection } },
  });
  if (found) {
    if (found.approval) assertApprovalIsThisCall(run.id, request, found.approval);
    assertLedgerRowIsThisCall(run.id, request, found);
    return found;
  }
  const now = new Date().toISOString();
  const created = await transaction.toolCall.create({
    data: {
      tenantId: run.tenantId,
      runId: run.id,
      callId: request.callId,
      name: request.toolName,
      implementationId: request.implementationId,
      sideEffects: request.sideEffects,
      arguments: request.arguments as Prisma.InputJsonObject,
      idempotencyKey: idempotencyKeyFor(run.id, request.callId),
      status: 'awaiting_approval',
      statusHistory: [{ status: 'awaiting_approval', at: now, attempt: run.attempt }],
    },
    select: { id: true },
  });
  return { ...created, approval: null };
}

/**
 * A crashed attempt left `unsafe` calls whose outcome nobody knows. The run waits for an operator:
 * approving means "it completed", rejecting means "treat it as failed"; either way it is not re-run.
 * Each question has an approval id of its own, never the id of the call's gate (ADR 0105).
 */
async function askOperatorAboutUnknownOutcomes(transaction: Prisma.TransactionClient, run: ClaimedRun, callIds: readonly string[]): Promise<NewRunEvent[]> {
  const events: NewRunEvent[] = [];
  for (const callId of callIds) {
    const toolCall = await transaction.toolCall.findUniqueOrThrow({
      where: { runId_callId: { runId: run.id, callId } },
      select: { id: true, callId: true, name: true, arguments: true },
    });
    const why = `${toolCall.name} was running when its executor stopped; approve if it completed, reject if it did not`;
    events.push(await askAboutOutcome(transaction, run, toolCall, why));
  }
  return events;
}

/** The step's counters, plus those of the deferred steps committed before it (one run update for all), as Prisma increments. */
function usageOf(result: StepResult, deferred: DeferredCounts = noDeferredCounts) {
  const increments = runCounterIncrements(result, deferred);
  return {
    stepCount: { increment: increments.steps },
    modelCalls: { increment: increments.modelCalls },
    toolCallCount: { increment: increments.toolCallCount },
    inputTokens: { increment: increments.inputTokens },
    outputTokens: { increment: increments.outputTokens },
    costUsd: { increment: increments.costUsd },
    servedTokens: { increment: increments.servedTokens },
    servedCostUsd: { increment: increments.servedCostUsd },
  };
}

/** The cancel committed while this step ran: the run ends here, and nothing is left waiting for a decision. */
async function endCancelled(transaction: Prisma.TransactionClient, run: ClaimedRun, result: StepResult, deferred: DeferredCounts): Promise<NewRunEvent[]> {
  const now = new Date();
  const message = 'The run was cancelled';
  await transaction.run.update({
    where: { id: run.id },
    data: { ...usageOf(result, deferred), status: 'cancelled', errorKind: 'aborted', errorMessage: message, finishedAt: now, leaseOwner: null, leaseExpiresAt: null },
  });
  return [...(await closeCancelledRunCalls(transaction, run, run.attempt)), { type: 'run-finished', payload: { status: 'cancelled', reason: 'cancelled', errorKind: 'aborted', message } }];
}

async function updateRun(
  transaction: Prisma.TransactionClient,
  run: ClaimedRun,
  result: StepResult,
  options: { waitForOperator: boolean; deferred: DeferredCounts; withoutLedger: boolean; writesEpisode: boolean },
): Promise<{ events: NewRunEvent[]; ride?: RunUpdateRide }> {
  const { waitForOperator, withoutLedger } = options;
  const usage = usageOf(result, options.deferred);
  const closeLeftovers = (status: string) => (withoutLedger ? Promise.resolve([]) : closeLeftoverToolCalls(transaction, run, run.attempt, status));
  const released = { leaseOwner: null, leaseExpiresAt: null };
  const next = result.next;
  switch (next.type) {
    case 'run-again':
      // The run goes on: its counters ride on the events' statement (ADR 0084).
      if (!waitForOperator) return { events: [], ride: countersRide(runCounterIncrements(result, options.deferred)) };
      await transaction.run.update({ where: { id: run.id }, data: { ...usage, ...released, status: 'waiting_human' } });
      return { events: [] };
    case 'approval-request':
      await transaction.run.update({ where: { id: run.id }, data: { ...usage, ...released, status: 'waiting_human' } });
      return { events: [] };
    case 'wait': {
      if (next.budgetPause) {
        // Paused by a spent budget (ADR 0057): no wake time, so the claim never takes it; an operator's resume,
        // or the executors' sweep once a daily or monthly budget's window has ended (ADR 0063), sets one.
        const budgetPause = { ...next.budgetPause, pausedAt: new Date().toISOString() };
        await transaction.run.update({ where: { id: run.id }, data: { ...usage, ...released, status: 'waiting', wakeAt: null, budgetPause } });
        await scheduleBudgetResume(transaction, run.id, next.budgetPause.scope);
        return { events: [{ type: 'run-budget-paused', payload: budgetPause }] };
      }
      if (waitForOperator) {
        // An operator is asked whether a call completed: the run waits for that answer, not for its timers (ADR 0044).
        // Parked like an approval request, with no wake time; the answer queues it again, and the parked wait calls
        // re-read their waits on resume (an elapsed timer, a delivered event, or still pending: parked again).
        await transaction.run.update({ where: { id: run.id }, data: { ...usage, ...released, status: 'waiting_human', wakeAt: null } });
        return { events: [] };
      }
      // Parked without a lease; the claim takes it again once wake_at passes (or an event sets it to now).
      await transaction.run.update({ where: { id: run.id }, data: { ...usage, ...released, status: 'waiting' } });
      const wakeAt = await parkRunStatement(
        transaction,
        run.id,
        next.waits.map((wait) => wait.callId),
      );
      return { events: [{ type: 'run-waiting', payload: { wakeAt: wakeAt?.toISOString() ?? null, waits: next.waits.map((wait) => ({ callId: wait.callId, toolName: wait.toolName, kind: wait.kind, wakeAt: wait.wakeAt, correlationKey: wait.correlationKey ?? null })) } }] };
    }
    case 'final-output':
      // The run's end rides on the events' statement (ADR 0084); the leftover calls it closes are written first.
      return {
        events: [...(await closeLeftovers('succeeded')), { type: 'run-finished', payload: { status: 'succeeded', output: next.output } }],
        ride: succeededRide(runCounterIncrements(result, options.deferred), next.output, options.writesEpisode),
      };
    case 'interrupted': {
      const status = next.reason === 'cancelled' ? 'cancelled' : 'failed';
      const errorKind = next.error?.kind ?? next.reason;
      await transaction.run.update({
        where: { id: run.id },
        data: { ...usage, ...released, status, errorKind, errorMessage: next.message, finishedAt: new Date() },
      });
      const closing = status === 'cancelled' ? await closeCancelledRunCalls(transaction, run, run.attempt) : await closeLeftovers(status);
      return { events: [...closing, { type: 'run-finished', payload: { status, reason: next.reason, errorKind, message: next.message } }] };
    }
  }
}
