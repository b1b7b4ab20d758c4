import { rawSqlFor, type Prisma } from '@agentloom/db';

import { notifyRunsErased } from '../events/runs-erased-sql';
import { countErasedCases } from './erased-cases-sql';
import { followReaders, readersOfMemory, successorsOf } from './follow-readers';
import { erasedMemoryOf } from './redact-checkpoints';
import { refuseActiveReplays, type EraseSubject } from './refuse-active';
import { lockReplayRuns } from './replay-runs';
import { restartRunningReaders } from './restart-running-readers';
import { erasedContent, redactCopies } from './redact-copies';

/** What to erase: these runs with everything they produced, and these threads with their memory. */
export interface EraseTarget {
  tenantId: string;
  runIds: string[];
  threadIds: string[];
  vectorAvailable: boolean;
  /**
   * Redact copies of the erased content in rows that survive (later runs' thread history, other
   * runs' prompts, audit records). Default true; a tenant erase turns it off, as nothing survives.
   */
  redactCopies?: boolean;
  /** The run or thread asked for, named when a queued or running replay of its content refuses the erase. */
  subject?: EraseSubject;
  /** Told every run this erase deletes (those named and their replays), for the caller to act on once it commits. */
  onRunsErased?: (runIds: readonly string[]) => void;
}

/**
 * Deletes, child tables first, every row belonging to the runs and threads: embeddings, memory
 * injections, memory items (written by the runs — episodes included — or kept on the threads, and
 * every memory derived from a run that read the erased content: `derivedFromReaders`),
 * webhook deliveries, approvals, tool calls, checkpoints, events, messages, steps, runs, threads;
 * then redacts the copies of their content that other rows hold (`redactCopies`). An experiment whose
 * replay runs go counts them in its `erased_cases` (`countErasedCases`). Counts come from
 * the statements themselves, so they are the rows that existed when the transaction changed them.
 */
export async function eraseRows(transaction: Prisma.TransactionClient, target: EraseTarget): Promise<Record<string, number>> {
  const { tenantId, threadIds } = target;
  // One after another: a transaction is one connection (and PGlite serves one statement at a time).
  const memoryItems = await transaction.memoryItem.findMany({
    where: { tenantId, OR: [{ sourceRunId: { in: target.runIds } }, { threadId: { in: threadIds } }, { scope: 'thread', scopeId: { in: threadIds } }] },
    select: { id: true },
  });
  memoryItems.push(
    ...(
      await successorsOf(
        transaction,
        tenantId,
        memoryItems.map((item) => item.id),
      )
    ).map((id) => ({ id })),
  );
  const firstReaders =
    target.redactCopies === false
      ? []
      : await readersOf(
          transaction,
          tenantId,
          target.runIds,
          memoryItems.map((item) => item.id),
        );
  // Before anything is deleted (restart-running-readers.ts): a reader running now drops what it holds.
  let restarted = await restartRunningReaders(transaction, tenantId, firstReaders);
  // What the readers wrote, the readers of that, and so on (follow-readers.ts); each hop's running readers restarted too.
  const followed = await followReaders(
    transaction,
    tenantId,
    { erasedRunIds: target.runIds, memoryItemIds: memoryItems.map((item) => item.id), readers: firstReaders },
    async (readers) => {
      restarted += await restartRunningReaders(transaction, tenantId, readers);
    },
  );
  const readers = followed.readers;
  memoryItems.splice(0, memoryItems.length, ...followed.memoryItemIds.map((id) => ({ id })));
  // Evaluation cases copy their source run (input, thread context, memory read, tool results) and
  // their replays copy the case: cases of the erased runs and of their readers go, replays with them.
  // A queued or running replay refuses the erase, as an active derived run does (refuse-active.ts);
  // the caller locked and checked the runs it named itself (a tenant erase names them all).
  const cases = await transaction.evalCase.findMany({ where: { tenantId, sourceRunId: { in: [...target.runIds, ...readers] } }, select: { id: true } });
  const replays = await lockReplayRuns(
    transaction,
    tenantId,
    cases.map((evalCase) => evalCase.id),
  );
  const named = new Set(target.runIds);
  refuseActiveReplays(
    replays.filter((replay) => !named.has(replay.id)),
    target.subject,
  );
  const runIds = [...new Set([...target.runIds, ...replays.map((replay) => replay.id)])];
  const byRun = { tenantId, runId: { in: runIds } };
  const approvals = await transaction.approval.findMany({ where: byRun, select: { id: true } });
  const toolCalls = await transaction.toolCall.findMany({ where: byRun, select: { id: true } });
  const messages =
    target.redactCopies === false
      ? []
      : await transaction.message.findMany({ where: { tenantId, OR: [{ runId: { in: runIds } }, { threadId: { in: threadIds } }] }, select: { id: true } });
  const memoryItemIds = memoryItems.map((item) => item.id);
  // Their texts and readers are found in reader checkpoints after the items and injection rows are gone.
  const erasedMemory = target.redactCopies === false ? undefined : await erasedMemoryOf(transaction, tenantId, memoryItemIds);
  // A tenant erase removes every run, so no reader is left to restart.
  const counts: Record<string, number> = target.redactCopies === false ? {} : { runs_restarted: restarted };
  counts['memory_embedding'] = target.vectorAvailable
    ? await rawSqlFor(transaction).execute(
        'DELETE FROM agentloom_vector.memory_embedding WHERE tenant_id = $1::uuid AND memory_item_id = ANY($2::uuid[])',
        tenantId,
        memoryItemIds,
      )
    : 0;
  counts['memory_injections'] = (
    await transaction.memoryInjection.deleteMany({ where: { tenantId, OR: [{ runId: { in: runIds } }, { memoryItemId: { in: memoryItemIds } }] } })
  ).count;
  // Decisions about the erased items (by other runs' extraction: an update merged an erased fact, a
  // delete or a "none" weighed it) stay as history, but their model-written reasons may quote it.
  // Before the items go: the references are set to NULL with them.
  counts['memory_decisions_redacted'] =
    target.redactCopies === false
      ? 0
      : (
          await transaction.memoryDecision.updateMany({
            where: {
              tenantId,
              OR: [{ memoryItemId: { in: memoryItemIds } }, { previousItemId: { in: memoryItemIds } }],
              reason: { notIn: ['', erasedContent] },
            },
            data: { reason: erasedContent },
          })
        ).count;
  counts['memory_items'] = (await transaction.memoryItem.deleteMany({ where: { tenantId, id: { in: memoryItemIds } } })).count;
  // Before the cases and runs go (their results go with them by cascade): each experiment that loses a
  // replay here records it, so a summary on the cases left does not read as a verdict on every case.
  await countErasedCases(transaction, tenantId, runIds);
  counts['eval_cases'] = (await transaction.evalCase.deleteMany({ where: { tenantId, id: { in: cases.map((evalCase) => evalCase.id) } } })).count;
  // A reader's extraction decisions stay (undo history) but their model-written reasons may quote it.
  counts['memory_decisions_redacted'] =
    (counts['memory_decisions_redacted'] ?? 0) +
    (
      await transaction.memoryDecision.updateMany({
        where: { tenantId, runId: { in: readers }, reason: { notIn: ['', erasedContent] } },
        data: { reason: erasedContent },
      })
    ).count;
  // Deliveries carry the run in their event id (`<runId>:<seq>`) and its data in the payload.
  counts['webhook_deliveries'] = await rawSqlFor(transaction).execute(
    "DELETE FROM webhook_deliveries WHERE tenant_id = $1::uuid AND split_part(event_id, ':', 1) = ANY($2::text[])",
    tenantId,
    runIds,
  );
  counts['approvals'] = (await transaction.approval.deleteMany({ where: byRun })).count;
  // Delivered event payloads are user content (ADR 0044); the FK would cascade, but the receipt counts them.
  counts['run_waits'] = (await transaction.runWait.deleteMany({ where: byRun })).count;
  // Feedback stays in its version's aggregate (label and reward are not the user's content) but
  // loses its comment and its run; the FK would only detach it, so the comment is cleared here.
  counts['run_feedback_redacted'] = (await transaction.runFeedback.updateMany({ where: byRun, data: { comment: '', runId: null } })).count;
  counts['tool_calls'] = (await transaction.toolCall.deleteMany({ where: byRun })).count;
  counts['checkpoints'] = (await transaction.checkpoint.deleteMany({ where: byRun })).count;
  counts['run_events'] = (await transaction.runEvent.deleteMany({ where: byRun })).count;
  // Live streams of these runs end when this commits, sending nothing they had buffered (ADR 0104).
  await notifyRunsErased(transaction, tenantId, runIds);
  target.onRunsErased?.(runIds);
  counts['messages'] = (await transaction.message.deleteMany({ where: { tenantId, OR: [{ runId: { in: runIds } }, { threadId: { in: threadIds } }] } })).count;
  counts['steps'] = (await transaction.step.deleteMany({ where: byRun })).count;
  counts['runs'] = (await transaction.run.deleteMany({ where: { tenantId, id: { in: runIds } } })).count;
  counts['threads'] = (await transaction.thread.deleteMany({ where: { tenantId, id: { in: threadIds } } })).count;
  if (!erasedMemory) return counts;
  const redacted = await redactCopies(transaction, {
    tenantId,
    runIds,
    threadIds,
    memoryItemIds,
    memory: erasedMemory,
    approvalIds: approvals.map((approval) => approval.id),
    toolCallIds: toolCalls.map((call) => call.id),
    messageIds: messages.map((message) => message.id),
    answerCopyIds: followed.answerCopyIds,
  });
  return { ...counts, ...redacted };
}

/**
 * Other runs that read the erased content: through a memory read of an erased item (memory_search
 * result or injection), or through thread history copied from an erased run.
 */
async function readersOf(transaction: Prisma.TransactionClient, tenantId: string, runIds: string[], memoryItemIds: string[]): Promise<string[]> {
  const byMemory = await readersOfMemory(transaction, tenantId, runIds, memoryItemIds);
  const byHistory = await transaction.message.findMany({
    where: { tenantId, sourceRunIds: { hasSome: runIds }, runId: { notIn: runIds } },
    select: { runId: true },
    distinct: ['runId'],
  });
  return [...new Set([...byMemory, ...byHistory.map((reader) => reader.runId)])];
}
