import { rawSqlFor, type Prisma } from '@agentloom/db';

import { erasedContent } from './erased-content';

/** The runs, outside `erasedRunIds`, that read one of these memory items (a memory_search result or an injection). */
export async function readersOfMemory(transaction: Prisma.TransactionClient, tenantId: string, erasedRunIds: readonly string[], memoryItemIds: readonly string[]): Promise<string[]> {
  if (memoryItemIds.length === 0) return [];
  const rows = await transaction.memoryInjection.findMany({
    where: { tenantId, memoryItemId: { in: [...memoryItemIds] }, runId: { notIn: [...erasedRunIds] } },
    select: { runId: true },
    distinct: ['runId'],
  });
  return rows.map((row) => row.runId);
}

/**
 * Memory the readers wrote after reading: their episodes (which quote their tool results), their
 * conversation turns and the facts extracted from their answers — a model that read the erased
 * text may have repeated it in any of them.
 */
export async function derivedFromReaders(transaction: Prisma.TransactionClient, tenantId: string, readers: readonly string[], known: readonly string[]): Promise<string[]> {
  if (readers.length === 0) return [];
  const rows = await transaction.memoryItem.findMany({ where: { tenantId, sourceRunId: { in: [...readers] }, id: { notIn: [...known] } }, select: { id: true } });
  return rows.map((row) => row.id);
}

/**
 * The items that replaced these, transitively (`superseded_by_id` points from an item to its
 * replacement): extraction writes an update from the fact it replaces, so the new value may quote
 * the erased one. Excludes `known` (already erased).
 */
export async function successorsOf(transaction: Prisma.TransactionClient, tenantId: string, itemIds: readonly string[], known: readonly string[] = itemIds): Promise<string[]> {
  if (itemIds.length === 0) return [];
  const rows = await rawSqlFor(transaction).query<{ id: string }>(
    `WITH RECURSIVE successor(id) AS (
        SELECT superseded_by_id FROM memory_items WHERE tenant_id = $1::uuid AND id = ANY($2::uuid[]) AND superseded_by_id IS NOT NULL
        UNION
        SELECT item.superseded_by_id FROM memory_items item JOIN successor ON item.id = successor.id
         WHERE item.tenant_id = $1::uuid AND item.superseded_by_id IS NOT NULL)
      SELECT id::text AS id FROM successor WHERE id <> ALL($3::uuid[])`,
    tenantId,
    [...itemIds],
    [...known],
  );
  return rows.map((row) => row.id);
}

/** A message of another run that copies a reader's answer, and that run. */
export interface AnswerCopy {
  id: string;
  runId: string;
}

/**
 * The copies of these readers' answers that other runs (outside `erasedRunIds`) were seeded with: the
 * assistant turns of their thread history (a reader's answer, or a summary turn excerpting it) whose
 * `source_run_ids` name a reader. A copy made before the erase is a reader's copy as much as the answer
 * itself, which later seedings leave out (thread-history.ts); the questions copied beside it stay, as the
 * user typed them. Already redacted copies are not found again.
 */
export async function answerCopiesOf(transaction: Prisma.TransactionClient, tenantId: string, readers: readonly string[], erasedRunIds: readonly string[]): Promise<AnswerCopy[]> {
  if (readers.length === 0) return [];
  return transaction.message.findMany({
    where: { tenantId, role: 'assistant', sourceRunIds: { hasSome: [...readers] }, runId: { notIn: [...erasedRunIds] }, content: { not: erasedContent } },
    select: { id: true, runId: true },
  });
}

/**
 * Redacts these answer copies (`answerCopiesOf`) but those already redacted (a summary turn that also copied an
 * erased run); returns the runs that held them, whose summaries were made from them.
 */
export async function redactAnswerCopies(transaction: Prisma.TransactionClient, tenantId: string, messageIds: readonly string[]): Promise<string[]> {
  if (messageIds.length === 0) return [];
  const rows = await rawSqlFor(transaction).query<{ run_id: string }>(
    `UPDATE messages SET content = $3, tool_calls = NULL, source_run_ids = '{}'
      WHERE tenant_id = $1::uuid AND id = ANY($2::uuid[]) AND content <> $3
      RETURNING run_id::text AS run_id`,
    tenantId,
    [...messageIds],
    erasedContent,
  );
  return rows.map((row) => row.run_id);
}

export interface FollowedReaders {
  /** Every memory item reached: the starting ones, what readers wrote, and what replaced those. */
  memoryItemIds: string[];
  /** Every reader reached, the starting ones first. */
  readers: string[];
  /** Messages of other runs copying a reader's answer (`answerCopiesOf`), to redact once every reader is restarted. */
  answerCopyIds: string[];
}

/**
 * Follows erased content from reader to reader until nothing new is found: the memory the readers wrote
 * (and what replaced it) holds the content too, so the runs that read that memory are readers as well,
 * and so on. One hop was not enough (an audit): a run that found a fact derived from the erased memory
 * kept its episode, and one running was not restarted. Nor was memory the only way on: a later run of a
 * reader's thread seeded with the reader's answer before the erase holds that answer (`answerCopiesOf`),
 * so it is a reader too. `onReaders` is told each hop's new readers as they are found (the erase restarts
 * them before anything is deleted or redacted).
 */
export async function followReaders(
  transaction: Prisma.TransactionClient,
  tenantId: string,
  start: { erasedRunIds: readonly string[]; memoryItemIds: readonly string[]; readers: readonly string[] },
  onReaders: (readers: string[]) => Promise<void>,
): Promise<FollowedReaders> {
  const items = new Set(start.memoryItemIds);
  const readers = new Set(start.readers);
  const answerCopyIds = new Set<string>();
  for (let hop = [...start.readers]; hop.length > 0; ) {
    const written = await derivedFromReaders(transaction, tenantId, hop, [...items]);
    for (const id of written) items.add(id);
    const replacements = await successorsOf(transaction, tenantId, written, [...items]);
    for (const id of replacements) items.add(id);
    const byMemory = await readersOfMemory(transaction, tenantId, start.erasedRunIds, [...written, ...replacements]);
    const copies = await answerCopiesOf(transaction, tenantId, hop, start.erasedRunIds);
    for (const copy of copies) answerCopyIds.add(copy.id);
    const next = [...new Set([...byMemory, ...copies.map((copy) => copy.runId)])].filter((reader) => !readers.has(reader));
    for (const reader of next) readers.add(reader);
    if (next.length > 0) await onReaders(next);
    hop = next;
  }
  return { memoryItemIds: [...items], readers: [...readers], answerCopyIds: [...answerCopyIds] };
}
