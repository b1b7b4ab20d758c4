import { rawSqlFor, type Prisma } from '@agentloom/db';

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

export interface FollowedReaders {
  /** Every memory item reached: the starting ones, what readers wrote, and what replaced those. */
  memoryItemIds: string[];
  /** Every reader reached, the starting ones first. */
  readers: string[];
}

/**
 * Follows erased content from reader to reader until nothing new is found: the memory the readers wrote
 * (and what replaced it) holds the content too, so the runs that read that memory are readers as well,
 * and so on. One hop was not enough (an audit): a run that found a fact derived from the erased memory
 * kept its episode, and one running was not restarted. `onReaders` is told each hop's new readers as they
 * are found (the erase restarts them before anything is deleted).
 */
export async function followReaders(
  transaction: Prisma.TransactionClient,
  tenantId: string,
  start: { erasedRunIds: readonly string[]; memoryItemIds: readonly string[]; readers: readonly string[] },
  onReaders: (readers: string[]) => Promise<void>,
): Promise<FollowedReaders> {
  const items = new Set(start.memoryItemIds);
  const readers = new Set(start.readers);
  for (let hop = [...start.readers]; hop.length > 0; ) {
    const written = await derivedFromReaders(transaction, tenantId, hop, [...items]);
    for (const id of written) items.add(id);
    const replacements = await successorsOf(transaction, tenantId, written, [...items]);
    for (const id of replacements) items.add(id);
    const next = (await readersOfMemory(transaction, tenantId, start.erasedRunIds, [...written, ...replacements])).filter((reader) => !readers.has(reader));
    for (const reader of next) readers.add(reader);
    if (next.length > 0) await onReaders(next);
    hop = next;
  }
  return { memoryItemIds: [...items], readers: [...readers] };
}
