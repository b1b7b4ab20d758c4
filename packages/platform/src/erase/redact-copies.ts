import { rawSqlFor, type Prisma } from '@agentloom/db';

import { erasedContent } from './erased-content';
import { redactAnswerCopies } from './follow-readers';
import { redactReaderCheckpoints, type ErasedMemory, type RedactedReaderState } from './redact-checkpoints';

export { erasedContent } from './erased-content';

/** Everything an erase removes, by id: each id marks content whose copies elsewhere must go too. */
export interface ErasedIds {
  tenantId: string;
  runIds: string[];
  threadIds: string[];
  memoryItemIds: string[];
  /** The erased items' texts, and runs their injection rows named: found in reader checkpoints. */
  memory: Pick<ErasedMemory, 'texts' | 'readerRunIds'>;
  approvalIds: string[];
  toolCallIds: string[];
  messageIds: string[];
  /** Other runs' copies of a reader's answer (`answerCopiesOf`): their thread history seeded before the erase. */
  answerCopyIds: readonly string[];
}

/**
 * Redacts, in rows that survive the erase, every copy of the erased content: thread-history
 * messages of later runs that copy an erased run (found by `messages.source_run_ids`), or a reader's
 * answer (`erased.answerCopyIds`); messages and
 * memory_search results that carried an erased memory item into another run's prompt; the
 * compaction summaries of every run whose copy was redacted (made from a view holding it); and audit records about any erased
 * row — by target (runs, threads, approvals, tool calls, messages, memory items) or by mention
 * inside their before/after. Returns the rows changed per table (`<table>_redacted`).
 */
export async function redactCopies(transaction: Prisma.TransactionClient, erased: ErasedIds): Promise<Record<string, number>> {
  const sql = rawSqlFor(transaction);
  const { tenantId, runIds, memoryItemIds } = erased;
  // Each statement returns the runs it changed: those runs read the erased content, so their
  // compaction summaries (model-written from a view that held it) go too.
  const historyCopies = await sql.query<{ run_id: string }>(
    `UPDATE messages SET content = $3, tool_calls = NULL, source_run_ids = '{}'
      WHERE tenant_id = $1::uuid AND source_run_ids && $2::uuid[] AND run_id <> ALL($2::uuid[])
      RETURNING run_id::text AS run_id`,
    tenantId,
    runIds,
    erasedContent,
  );
  const answerCopies = await redactAnswerCopies(transaction, tenantId, erased.answerCopyIds);
  const { memoryCopies, toolResults } = await redactMemoryCopiesOf(transaction, tenantId, memoryItemIds, runIds);
  const readers = [...new Set([...historyCopies, ...memoryCopies, ...toolResults].map((row) => row.run_id).concat(answerCopies))];
  const summaries = await redactSummaries(transaction, tenantId, readers);
  const memoryReaders = [...new Set([...memoryCopies, ...toolResults].map((row) => row.run_id).concat(erased.memory.readerRunIds))].filter(
    (runId) => !runIds.includes(runId),
  );
  const checkpoints = await redactReaderCheckpoints(transaction, tenantId, memoryReaders, { ids: memoryItemIds, texts: erased.memory.texts });
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
    messages_redacted: historyCopies.length + answerCopies.length + memoryCopies.length,
    ...checkpointCounts(summaries, checkpoints),
    tool_calls_redacted: toolResults.length,
    audit_logs_redacted: audit,
  };
}

/**
 * Redacts the copies of these memory items that other runs hold — the messages that carried them
 * into a prompt, the memory tool results that listed them, the copies of their readers' answers that
 * later runs were seeded with (`answerCopyIds`), and those runs' compaction summaries and checkpoints —
 * when the items are forgotten (forget-memory-item.ts). Returns the rows changed per table.
 */
export async function redactMemoryCopies(
  transaction: Prisma.TransactionClient,
  tenantId: string,
  memory: ErasedMemory,
  answerCopyIds: readonly string[] = [],
): Promise<Record<string, number>> {
  const answerCopies = await redactAnswerCopies(transaction, tenantId, answerCopyIds);
  const { memoryCopies, toolResults } = await redactMemoryCopiesOf(transaction, tenantId, memory.ids, []);
  const readers = [...new Set([...memoryCopies, ...toolResults].map((row) => row.run_id).concat(memory.readerRunIds, answerCopies))];
  return {
    messages_redacted: memoryCopies.length + answerCopies.length,
    tool_calls_redacted: toolResults.length,
    ...checkpointCounts(await redactSummaries(transaction, tenantId, readers), await redactReaderCheckpoints(transaction, tenantId, readers, memory)),
  };
}

/** Checkpoints changed, each once (its summary and its strings may both have been redacted), and the in-flight replies. */
function checkpointCounts(summaries: readonly string[], readers: RedactedReaderState): Record<string, number> {
  return { checkpoints_redacted: new Set([...summaries, ...readers.checkpointIds]).size, in_flight_replies_redacted: readers.inFlightReplies };
}

/** The memory copies outside `exceptRunIds`, redacted; each row names the run it belongs to. */
async function redactMemoryCopiesOf(
  transaction: Prisma.TransactionClient,
  tenantId: string,
  memoryItemIds: string[],
  exceptRunIds: string[],
): Promise<{ memoryCopies: { run_id: string }[]; toolResults: { run_id: string }[] }> {
  // Without items there is nothing to find, and the tool results' scan would read every row.
  if (memoryItemIds.length === 0) return { memoryCopies: [], toolResults: [] };
  const sql = rawSqlFor(transaction);
  const memoryCopies = await sql.query<{ run_id: string }>(
    `UPDATE messages SET content = $3, memory_item_ids = '{}'
      WHERE tenant_id = $1::uuid AND memory_item_ids && $2::uuid[] AND run_id <> ALL($4::uuid[])
      RETURNING run_id::text AS run_id`,
    tenantId,
    memoryItemIds,
    erasedContent,
    exceptRunIds,
  );
  // memory_search results of other runs list the hits with their ids and text.
  const toolResults = await sql.query<{ run_id: string }>(
    `UPDATE tool_calls SET result = jsonb_build_object('content', $3::text, 'isError', false, 'data', NULL)
      WHERE tenant_id = $1::uuid AND run_id <> ALL($4::uuid[]) AND result IS NOT NULL
        AND EXISTS (SELECT 1 FROM unnest($2::text[]) AS id WHERE result::text LIKE '%' || id || '%')
      RETURNING run_id::text AS run_id`,
    tenantId,
    memoryItemIds,
    erasedContent,
    exceptRunIds,
  );
  return { memoryCopies, toolResults };
}

/**
 * Clears the compaction summaries of these runs' checkpoints: a summary is written by the model from
 * the run's view, so a run that read erased content may repeat it there. Returns the rows changed.
 */
export async function redactSummaries(transaction: Prisma.TransactionClient, tenantId: string, runIds: readonly string[]): Promise<string[]> {
  if (runIds.length === 0) return [];
  const rows = await rawSqlFor(transaction).query<{ id: string }>(
    `UPDATE checkpoints SET state = jsonb_set(state::jsonb, '{context,summary}', to_jsonb($3::text))
      WHERE tenant_id = $1::uuid AND run_id = ANY($2::uuid[]) AND jsonb_typeof(state::jsonb -> 'context' -> 'summary') = 'string'
      RETURNING id::text AS id`,
    tenantId,
    runIds,
    erasedContent,
  );
  return rows.map((row) => row.id);
}
