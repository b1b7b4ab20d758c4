import { rawSqlFor, type Prisma } from '@agentloom/db';
import type { StepResult } from '@agentloom/runtime';

import { erasedContent } from '../erase/redact-copies';

/** Seeded history sits at transcript indexes 2 … 1 + count (runtime JournalContextManager). */
const firstHistoryIndex = 2;

/**
 * Records, in the step's transaction, which earlier runs each seeded thread-history message copies
 * (`messages.source_run_ids`), for the messages this step writes. Erasing one of those runs then
 * finds every copy of its content in later runs of the thread, by id rather than by text.
 *
 * The history was read before the step ran, so a source may have been erased since: its copy is
 * redacted here. The source rows are read `FOR SHARE`, so an erase running at the same time either
 * finished first (the row is gone: redact) or waits for this commit and then finds the copy itself.
 */
export async function recordHistorySources(transaction: Prisma.TransactionClient, runId: string, result: StepResult, sources: readonly (readonly string[])[]): Promise<void> {
  const written = new Set(result.messages.map(({ index }) => index));
  const copies = sources.flatMap((runIds, offset) => (runIds.length > 0 && written.has(firstHistoryIndex + offset) ? [{ index: firstHistoryIndex + offset, runIds }] : []));
  if (copies.length === 0) return;
  const existing = await rawSqlFor(transaction).query<{ id: string }>(
    'SELECT id::text AS id FROM runs WHERE id = ANY($1::uuid[]) FOR SHARE',
    [...new Set(copies.flatMap((copy) => copy.runIds))],
  );
  const alive = new Set(existing.map((row) => row.id));
  for (const { index, runIds } of copies) {
    const erased = runIds.some((sourceId) => !alive.has(sourceId));
    await transaction.message.updateMany({ where: { runId, index }, data: erased ? { content: erasedContent, sourceRunIds: [] } : { sourceRunIds: [...runIds] } });
  }
}
