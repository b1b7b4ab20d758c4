import { rawSqlFor, type Prisma } from '@agentloom/db';

import { redactCopies } from './redact-copies';

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
}

/**
 * Deletes, child tables first, every row belonging to the runs and threads: embeddings, memory
 * injections, memory items (written by the runs — episodes included — or kept on the threads, and
 * the episodes of other runs that quote one of those items),
 * webhook deliveries, approvals, tool calls, checkpoints, events, messages, steps, runs, threads;
 * then redacts the copies of their content that other rows hold (`redactCopies`). Counts come from
 * the statements themselves, so they are the rows that existed when the transaction changed them.
 */
export async function eraseRows(transaction: Prisma.TransactionClient, target: EraseTarget): Promise<Record<string, number>> {
  const { tenantId, runIds, threadIds } = target;
  const byRun = { tenantId, runId: { in: runIds } };
  // One after another: a transaction is one connection (and PGlite serves one statement at a time).
  const memoryItems = await transaction.memoryItem.findMany({
    where: { tenantId, OR: [{ sourceRunId: { in: runIds } }, { threadId: { in: threadIds } }, { scope: 'thread', scopeId: { in: threadIds } }] },
    select: { id: true },
  });
  if (target.redactCopies !== false) memoryItems.push(...(await episodesThatQuote(transaction, tenantId, runIds, memoryItems.map((item) => item.id))));
  const approvals = await transaction.approval.findMany({ where: byRun, select: { id: true } });
  const toolCalls = await transaction.toolCall.findMany({ where: byRun, select: { id: true } });
  const messages =
    target.redactCopies === false
      ? []
      : await transaction.message.findMany({ where: { tenantId, OR: [{ runId: { in: runIds } }, { threadId: { in: threadIds } }] }, select: { id: true } });
  const memoryItemIds = memoryItems.map((item) => item.id);
  const counts: Record<string, number> = {};
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
  counts['memory_items'] = (await transaction.memoryItem.deleteMany({ where: { tenantId, id: { in: memoryItemIds } } })).count;
  // Deliveries carry the run in their event id (`<runId>:<seq>`) and its data in the payload.
  counts['webhook_deliveries'] = await rawSqlFor(transaction).execute(
    "DELETE FROM webhook_deliveries WHERE tenant_id = $1::uuid AND split_part(event_id, ':', 1) = ANY($2::text[])",
    tenantId,
    runIds,
  );
  counts['approvals'] = (await transaction.approval.deleteMany({ where: byRun })).count;
  // Delivered event payloads are user content (ADR 0044); the FK would cascade, but the receipt counts them.
  counts['run_waits'] = (await transaction.runWait.deleteMany({ where: byRun })).count;
  counts['tool_calls'] = (await transaction.toolCall.deleteMany({ where: byRun })).count;
  counts['checkpoints'] = (await transaction.checkpoint.deleteMany({ where: byRun })).count;
  counts['run_events'] = (await transaction.runEvent.deleteMany({ where: byRun })).count;
  counts['messages'] = (await transaction.message.deleteMany({ where: { tenantId, OR: [{ runId: { in: runIds } }, { threadId: { in: threadIds } }] } })).count;
  counts['steps'] = (await transaction.step.deleteMany({ where: byRun })).count;
  counts['runs'] = (await transaction.run.deleteMany({ where: { tenantId, id: { in: runIds } } })).count;
  counts['threads'] = (await transaction.thread.deleteMany({ where: { tenantId, id: { in: threadIds } } })).count;
  if (target.redactCopies === false) return counts;
  const redacted = await redactCopies(transaction, {
    tenantId,
    runIds,
    threadIds,
    memoryItemIds,
    approvalIds: approvals.map((approval) => approval.id),
    toolCallIds: toolCalls.map((call) => call.id),
    messageIds: messages.map((message) => message.id),
  });
  return { ...counts, ...redacted };
}

/**
 * Episodes of other runs that read one of the erased memory items (a memory_search result or an
 * injection): an episode quotes its run's tool results, so it holds a copy of the item's text.
 */
async function episodesThatQuote(transaction: Prisma.TransactionClient, tenantId: string, runIds: string[], memoryItemIds: string[]): Promise<{ id: string }[]> {
  if (memoryItemIds.length === 0) return [];
  const readers = await transaction.memoryInjection.findMany({
    where: { tenantId, memoryItemId: { in: memoryItemIds }, runId: { notIn: runIds } },
    select: { runId: true },
    distinct: ['runId'],
  });
  if (readers.length === 0) return [];
  return transaction.memoryItem.findMany({
    where: { tenantId, kind: 'episode', sourceRunId: { in: readers.map((reader) => reader.runId) }, id: { notIn: memoryItemIds } },
    select: { id: true },
  });
}
