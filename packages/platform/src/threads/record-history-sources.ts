import type { Prisma } from '@agentloom/db';
import type { StepResult } from '@agentloom/runtime';

/** Seeded history sits at transcript indexes 2 … 1 + count (runtime JournalContextManager). */
const firstHistoryIndex = 2;

/**
 * Records, in the step's transaction, which earlier runs each seeded thread-history message copies
 * (`messages.source_run_ids`), for the messages this step writes. Erasing one of those runs then
 * finds every copy of its content in later runs of the thread, by id rather than by text.
 */
export async function recordHistorySources(transaction: Prisma.TransactionClient, runId: string, result: StepResult, sources: readonly (readonly string[])[]): Promise<void> {
  const written = new Set(result.messages.map(({ index }) => index));
  for (const [offset, runIds] of sources.entries()) {
    const index = firstHistoryIndex + offset;
    if (runIds.length === 0 || !written.has(index)) continue;
    await transaction.message.updateMany({ where: { runId, index }, data: { sourceRunIds: [...runIds] } });
  }
}
