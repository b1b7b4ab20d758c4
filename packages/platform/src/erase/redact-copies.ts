import { rawSqlFor, type Prisma } from '@agentloom/db';

/** What replaces copied content that outlives its erased source. */
export const erasedContent = '[erased]';

/** Everything an erase removes, by id: each id marks content whose copies elsewhere must go too. */
export interface ErasedIds {
  tenantId: string;
  runIds: string[];
  threadIds: string[];
  memoryItemIds: string[];
  approvalIds: string[];
  toolCallIds: string[];
  messageIds: string[];
}

/**
 * Redacts, in rows that survive the erase, every copy of the erased content: thread-history
 * messages of later runs that copy an erased run (found by `messages.source_run_ids`) and the
 * compaction summaries of those runs (made from that history); messages and memory_search results
 * that carried an erased memory item into another run's prompt; and audit records about any erased
 * row — by target (runs, threads, approvals, tool calls, messages, memory items) or by mention
 * inside their before/after. Returns the rows changed per table (`<table>_redacted`).
 */
export async function redactCopies(transaction: Prisma.TransactionClient, erased: ErasedIds): Promise<Record<string, number>> {
  const sql = rawSqlFor(transaction);
  const { tenantId, runIds, memoryItemIds } = erased;
  const laterRuns = await sql.query<{ run_id: string }>(
    `SELECT DISTINCT run_id::text AS run_id FROM messages
      WHERE tenant_id = $1::uuid AND source_run_ids && $2::uuid[] AND run_id <> ALL($2::uuid[])`,
    tenantId,
    runIds,
  );
  const historyCopies = await sql.execute(
    `UPDATE messages SET content = $3, tool_calls = NULL, source_run_ids = '{}'
      WHERE tenant_id = $1::uuid AND source_run_ids && $2::uuid[] AND run_id <> ALL($2::uuid[])`,
    tenantId,
    runIds,
    erasedContent,
  );
  const memoryCopies = await sql.execute(
    `UPDATE messages SET content = $3, memory_item_ids = '{}'
      WHERE tenant_id = $1::uuid AND memory_item_ids && $2::uuid[] AND run_id <> ALL($4::uuid[])`,
    tenantId,
    memoryItemIds,
    erasedContent,
    runIds,
  );
  // A compaction summary of a later run was written from a view holding the copied history.
  const summaries = await sql.execute(
    `UPDATE checkpoints SET state = jsonb_set(state::jsonb, '{context,summary}', to_jsonb($3::text))
      WHERE tenant_id = $1::uuid AND run_id = ANY($2::uuid[]) AND jsonb_typeof(state::jsonb -> 'context' -> 'summary') = 'string'`,
    tenantId,
    laterRuns.map((row) => row.run_id),
    erasedContent,
  );
  // memory_search results of other runs list the hits with their ids and text.
  const toolResults = await sql.execute(
    `UPDATE tool_calls SET result = jsonb_build_object('content', $3::text, 'isError', false, 'data', NULL)
      WHERE tenant_id = $1::uuid AND run_id <> ALL($4::uuid[]) AND result IS NOT NULL
        AND EXISTS (SELECT 1 FROM unnest($2::text[]) AS id WHERE result::text LIKE '%' || id || '%')`,
    tenantId,
    memoryItemIds,
    erasedContent,
    runIds,
  );
  // The audit log keeps that an action happened and when, but no longer to what or with which
  // content. The erase's own record (written next) is the one place the ids remain, as proof.
  // By target: every kind of erased row. By mention inside before/after: the ids such records
  // quote (a redelivery quotes its run's event id, a memory record its thread) — kept to the few
  // coarse ids, as the scan is a LIKE per id and row.
  const mentioned = [...runIds, ...erased.threadIds, ...memoryItemIds, ...erased.approvalIds];
  const audit = await sql.execute(
    `UPDATE audit_logs SET target_id = 'erased', before = NULL, after = NULL
      WHERE tenant_id = $1::uuid AND action NOT LIKE '%.erase'
        AND (target_id = ANY($2::text[])
          OR EXISTS (SELECT 1 FROM unnest($3::text[]) AS id WHERE coalesce(before::text, '') || coalesce(after::text, '') LIKE '%' || id || '%'))`,
    tenantId,
    [...mentioned, ...erased.toolCallIds, ...erased.messageIds],
    mentioned,
  );
  return {
    messages_redacted: historyCopies + memoryCopies,
    checkpoints_redacted: summaries,
    tool_calls_redacted: toolResults,
    audit_logs_redacted: audit,
  };
}
