import type { Prisma } from '@agentloom/db';

import { erasedContent } from '../erase/erased-content';
import { erasedMemoryOf } from '../erase/redact-checkpoints';
import { redactCaseCopies } from '../erase/redact-case-copies';
import { redactMemoryCopies } from '../erase/redact-copies';
import { restartRunningReaders } from '../erase/restart-running-readers';

export interface ForgetOptions {
  /**
   * When the forgotten item is the live one of a key, make the item it replaced live again (undo an
   * update). Default false: the items it replaced are forgotten with it, so an outdated value never
   * comes back on its own.
   */
  restorePrevious?: boolean;
}

export interface ForgetResult {
  forgotten: boolean;
  /** The item made live again (`restorePrevious`), if any. */
  restoredId: string | null;
  /** Older items of the key's history forgotten with it (default mode). */
  historyForgotten: number;
}

/**
 * Deletes one item (its vector and injections cascade) without letting the key's history leak back.
 * `superseded_by_id` is `ON DELETE SET NULL`, so deleting the live item of a key would otherwise turn
 * the value it replaced live again. Three cases:
 * - the item is itself history (superseded): its predecessors are re-pointed at its successor, so
 *   the chain stays whole and nothing becomes live;
 * - the item is live and `restorePrevious`: its newest predecessor becomes live, older ones point to it;
 * - the item is live (default): its whole history is deleted with it.
 * Every copy of a deleted item in other runs' prompts (the message that carried it, a memory tool's
 * result, the summaries made from them) is redacted as an erase redacts it: once the item and its
 * injection rows are gone, nothing would lead a later erase to those copies. So are the reasons of
 * extraction decisions about a deleted item, and the evaluation cases recorded from its readers.
 * Runs inside the caller's transaction.
 */
export async function forgetMemoryItem(
  transaction: Prisma.TransactionClient,
  target: { id: string; tenantId?: string },
  options: ForgetOptions = {},
): Promise<ForgetResult> {
  const item = await transaction.memoryItem.findFirst({
    where: { id: target.id, ...(target.tenantId ? { tenantId: target.tenantId } : {}) },
    select: { id: true, tenantId: true, supersededById: true },
  });
  if (!item) return { forgotten: false, restoredId: null, historyForgotten: 0 };
  const predecessors = await transaction.memoryItem.findMany({
    where: { tenantId: item.tenantId, supersededById: item.id },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    select: { id: true },
  });
  let restoredId: string | null = null;
  let historyForgotten = 0;
  // Only the live item of a key, forgotten in the default mode, takes its history with it.
  const history =
    item.supersededById === null && !(options.restorePrevious && predecessors.length > 0)
      ? await historyOf(
          transaction,
          item.tenantId,
          predecessors.map((row) => row.id),
        )
      : [];
  // Read before the delete: its cascade removes the injection rows that name the readers.
  const forgotten = await erasedMemoryOf(transaction, item.tenantId, [item.id, ...history]);
  // A reader running now holds the text in its executor's memory: it restarts from its (redacted) checkpoint.
  await restartRunningReaders(transaction, item.tenantId, forgotten.readerRunIds);
  // Extraction decisions about the items stay as history, but their model-written reasons may quote
  // them (an update that merged the old value), as an erase redacts them. Before the deletes, which
  // set the decisions' references to NULL.
  await transaction.memoryDecision.updateMany({
    where: { tenantId: item.tenantId, OR: [{ memoryItemId: { in: forgotten.ids } }, { previousItemId: { in: forgotten.ids } }], reason: { notIn: ['', erasedContent] } },
    data: { reason: erasedContent },
  });
  if (item.supersededById !== null) {
    await transaction.memoryItem.updateMany({ where: { tenantId: item.tenantId, supersededById: item.id }, data: { supersededById: item.supersededById } });
  } else if (options.restorePrevious && predecessors.length > 0) {
    const [newest, ...older] = predecessors;
    restoredId = newest!.id;
    await transaction.memoryItem.updateMany({ where: { id: { in: older.map((row) => row.id) } }, data: { supersededById: restoredId } });
    await transaction.memoryItem.update({ where: { id: restoredId }, data: { supersededById: null } });
  } else {
    historyForgotten = (await transaction.memoryItem.deleteMany({ where: { tenantId: item.tenantId, id: { in: history } } })).count;
  }
  await transaction.memoryItem.deleteMany({ where: { id: item.id } });
  await redactMemoryCopies(transaction, item.tenantId, forgotten);
  await redactCaseCopies(transaction, item.tenantId, forgotten);
  return { forgotten: true, restoredId, historyForgotten };
}

/** These items and every item that (transitively) led to them. */
async function historyOf(transaction: Prisma.TransactionClient, tenantId: string, ids: string[]): Promise<string[]> {
  const all = [...ids];
  let frontier = ids;
  while (frontier.length > 0) {
    const older = await transaction.memoryItem.findMany({ where: { tenantId, supersededById: { in: frontier } }, select: { id: true } });
    frontier = older.map((row) => row.id).filter((id) => !all.includes(id));
    all.push(...frontier);
  }
  return all;
}
