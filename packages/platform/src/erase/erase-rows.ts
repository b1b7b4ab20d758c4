import { rawSqlFor, type Prisma } from '@agentloom/db';

/** What to erase: these runs with everything they produced, and these threads with their memory. */
export interface EraseTarget {
  tenantId: string;
  runIds: string[];
  threadIds: string[];
  vectorAvailable: boolean;
}

/**
 * Deletes, child tables first, every row belonging to the runs and threads: embeddings, memory
 * injections, memory items (written by the runs or kept on the threads), webhook deliveries, approvals, tool calls,
 * checkpoints, events, messages, steps, runs, threads. Counts come from the deletes themselves, so
 * they are the rows that existed when the transaction removed them.
 */
export async function eraseRows(transaction: Prisma.TransactionClient, target: EraseTarget): Promise<Record<string, number>> {
  const { tenantId, runIds, threadIds } = target;
  const memoryItems = await transaction.memoryItem.findMany({
    where: { tenantId, OR: [{ sourceRunId: { in: runIds } }, { threadId: { in: threadIds } }, { scope: 'thread', scopeId: { in: threadIds } }] },
    select: { id: true },
  });
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
  const byRun = { tenantId, runId: { in: runIds } };
  counts['approvals'] = (await transaction.approval.deleteMany({ where: byRun })).count;
  counts['tool_calls'] = (await transaction.toolCall.deleteMany({ where: byRun })).count;
  counts['checkpoints'] = (await transaction.checkpoint.deleteMany({ where: byRun })).count;
  counts['run_events'] = (await transaction.runEvent.deleteMany({ where: byRun })).count;
  counts['messages'] = (await transaction.message.deleteMany({ where: { tenantId, OR: [{ runId: { in: runIds } }, { threadId: { in: threadIds } }] } })).count;
  counts['steps'] = (await transaction.step.deleteMany({ where: byRun })).count;
  counts['runs'] = (await transaction.run.deleteMany({ where: { tenantId, id: { in: runIds } } })).count;
  counts['threads'] = (await transaction.thread.deleteMany({ where: { tenantId, id: { in: threadIds } } })).count;
  // The audit log keeps that an action happened and when, but no longer to what or with which
  // content: earlier records about the erased rows lose their target and before/after. The erase's
  // own record (written next) is the one place the ids remain, as proof of the erasure.
  counts['audit_logs_redacted'] = await rawSqlFor(transaction).execute(
    `UPDATE audit_logs SET target_id = 'erased', before = NULL, after = NULL
      WHERE tenant_id = $1::uuid AND target_id = ANY($2::text[])`,
    tenantId,
    [...runIds, ...threadIds, ...memoryItemIds],
  );
  return counts;
}
