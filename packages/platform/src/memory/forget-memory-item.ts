import type { Prisma } from '@agentloom/db';

import { erasedContent } from '../erase/erased-content';
import { followReaders, successorsOf } from '../erase/follow-readers';
import { erasedMemoryOf, mentionsOf, type ErasedMemory } from '../erase/redact-checkpoints';
import { redactCaseCopies } from '../erase/redact-case-copies';
import { redactMemoryCopies } from '../erase/redact-copies';
import { holdEraseFenceExclusive } from '../erase/erase-fence';
import { restartRunningReaders } from '../erase/restart-running-readers';
import { holdMemoryKeyLocks } from './store-memory-item';

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
  /**
   * The item made live again (`restorePrevious`), if any. Null as well when the item was no longer
   * the live value of its key by the time its key's lock was taken (a newer value had been stored):
   * it is then forgotten as history and nothing comes back.
   */
  restoredId: string | null;
  /** Older items of the key's history forgotten with it (default mode). */
  historyForgotten: number;
  /**
   * Items written from it, forgotten with it: later values of its key made from it (an extraction update) or
   * quoting it, and what runs that read it wrote afterwards (episodes, turns, facts), from reader to reader.
   */
  derivedForgotten: number;
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
 * Decides under the lock of the item's key (`holdKeyLockOfItem`), so it reads the key as the last
 * writer left it. Runs inside the caller's transaction.
 */
export async function forgetMemoryItem(
  transaction: Prisma.TransactionClient,
  target: { id: string; tenantId?: string },
  options: ForgetOptions = {},
): Promise<ForgetResult> {
  await holdEraseFenceOfItem(transaction, target);
  await holdKeyLockOfItem(transaction, target);
  // Read after the lock: a store of the key that committed meanwhile has made the item history.
  const item = await transaction.memoryItem.findFirst({
    where: { id: target.id, ...(target.tenantId ? { tenantId: target.tenantId } : {}) },
    select: { id: true, tenantId: true, supersededById: true },
  });
  if (!item) return { forgotten: false, restoredId: null, historyForgotten: 0, derivedForgotten: 0 };
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
  // A value written from this one (extraction's update merges the old value into the new) quotes it: it goes too.
  const quoting = item.supersededById === null ? [] : await successorsWrittenFrom(transaction, item.tenantId, [item.id, ...history]);
  // Read before the delete: its cascade removes the injection rows that name the readers.
  const named = await erasedMemoryOf(transaction, item.tenantId, [item.id, ...history, ...quoting]);
  // A reader running now holds the text in its executor's memory: it restarts from its (redacted) checkpoint.
  await restartRunningReaders(transaction, item.tenantId, named.readerRunIds);
  // What the readers wrote after reading (episodes, turns, extracted facts) may repeat it, and so on from
  // reader to reader, as an erase follows them (follow-readers.ts): those items are forgotten too.
  const followed = await followReaders(transaction, item.tenantId, { erasedRunIds: [], memoryItemIds: named.ids, readers: named.readerRunIds }, async (readers) => {
    await restartRunningReaders(transaction, item.tenantId, readers);
  });
  const derived = followed.memoryItemIds.filter((id) => !named.ids.includes(id));
  const forgotten = derived.length === 0 ? named : mergeErasedMemory(named, await erasedMemoryOf(transaction, item.tenantId, derived));
  // Extraction decisions about the items stay as history, but their model-written reasons may quote
  // them (an update that merged the old value), as an erase redacts them. Before the deletes, which
  // set the decisions' references to NULL.
  await transaction.memoryDecision.updateMany({
    where: { tenantId: item.tenantId, OR: [{ memoryItemId: { in: forgotten.ids } }, { previousItemId: { in: forgotten.ids } }], reason: { notIn: ['', erasedContent] } },
    data: { reason: erasedContent },
  });
  if (item.supersededById === null && options.restorePrevious && predecessors.length > 0) {
    const [newest, ...older] = predecessors;
    restoredId = newest!.id;
    await transaction.memoryItem.updateMany({ where: { id: { in: older.map((row) => row.id) } }, data: { supersededById: restoredId } });
    await transaction.memoryItem.update({ where: { id: restoredId }, data: { supersededById: null } });
  } else if (item.supersededById === null) {
    historyForgotten = (await transaction.memoryItem.deleteMany({ where: { tenantId: item.tenantId, id: { in: history } } })).count;
  }
  // A history item's predecessors are spliced onto the nearest later value that stays (past the values written from it).
  await bridgeOver(transaction, item.tenantId, [item.id, ...quoting, ...derived]);
  await transaction.memoryItem.deleteMany({ where: { id: item.id } });
  const derivedForgotten = (await transaction.memoryItem.deleteMany({ where: { tenantId: item.tenantId, id: { in: [...quoting, ...derived] } } })).count;
  await redactMemoryCopies(transaction, item.tenantId, forgotten, followed.answerCopyIds);
  await redactCaseCopies(transaction, item.tenantId, forgotten);
  return { forgotten: true, restoredId, historyForgotten, derivedForgotten };
}

/**
 * Takes the erase fence of the item's tenant exclusively (ADR 0040), before any other lock, as an erase
 * does: a step commit recording a read of the item holds it shared from before it locks its run, so a
 * forget waits for a commit in flight and then finds that reader (`restartRunningReaders`) instead of
 * missing its uncommitted injection rows. Taken in every forget's transaction first (an undo takes it
 * before its key lock); advisory locks taken again in one transaction do not wait on themselves.
 */
export async function holdEraseFenceOfItem(transaction: Prisma.TransactionClient, target: { id: string; tenantId?: string }): Promise<void> {
  const tenantId = target.tenantId ?? (await transaction.memoryItem.findFirst({ where: { id: target.id }, select: { tenantId: true } }))?.tenantId;
  if (tenantId !== undefined) await holdEraseFenceExclusive(transaction, tenantId);
}

/**
 * Takes the lock of the item's key (tenant, level, scope id, key) — the one every store of the key
 * takes (`insertMemoryItem`) — and holds it to the end of the transaction. Forget is a writer of the
 * key: with `restorePrevious` it makes the previous value live again. Without the lock, a store
 * running at the same time sees only the item being forgotten as the key's live value, supersedes
 * that one alone, and the restored value stays live beside the new one. With it, either the store
 * comes first (the item is history when it is read here: spliced, nothing restored) or forget does
 * (the store then finds the restored value and supersedes it). Restoring stays within the key:
 * writers supersede only within one key (an UPDATE of a keyless item gives the new one a key).
 * A keyless item has no key to guard. Also taken by an undo before it checks its decision.
 *
 * Lock order (store-memory-item.ts): key locks come after a run's row. Forget then locks the rows of
 * running readers (`restartRunningReaders`); this cannot close a cycle, because the writers that hold
 * a run's row while they wait for a key (extraction, the episode sweep) hold finished runs' rows,
 * which that `UPDATE … WHERE status = 'running'` skips without waiting.
 */
export async function holdKeyLockOfItem(transaction: Prisma.TransactionClient, target: { id: string; tenantId?: string }): Promise<void> {
  const item = await transaction.memoryItem.findFirst({
    where: { id: target.id, ...(target.tenantId ? { tenantId: target.tenantId } : {}) },
    select: { tenantId: true, scope: true, scopeId: true, key: true },
  });
  if (item && item.key !== null) await holdMemoryKeyLocks(transaction, [{ scope: item, key: item.key }]);
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

/**
 * The items that replaced these (transitively) and were written from them: an extraction `update` decision
 * made the item from one of them (it merges the old value into the new), or its text quotes one of theirs.
 * Unlike an erase, which takes every successor, a forget keeps a later value that was stored on its own:
 * the user asked to forget that value, not the key.
 */
async function successorsWrittenFrom(transaction: Prisma.TransactionClient, tenantId: string, ids: string[]): Promise<string[]> {
  const successors = await successorsOf(transaction, tenantId, ids);
  if (successors.length === 0) return [];
  const texts = (await transaction.memoryItem.findMany({ where: { tenantId, id: { in: ids } }, select: { content: true } })).map((row) => row.content);
  const mentions = mentionsOf({ ids: [], texts });
  const rows = await transaction.memoryItem.findMany({ where: { tenantId, id: { in: successors } }, select: { id: true, content: true } });
  const updates = await transaction.memoryDecision.findMany({
    where: { tenantId, event: 'update', memoryItemId: { in: successors }, previousItemId: { not: null } },
    select: { memoryItemId: true, previousItemId: true },
  });
  const derived = new Set<string>();
  const from = new Set(ids);
  // Each pass takes the successors written from what is taken so far (an update of an update, a quote of a quote).
  for (let grew = true; grew; ) {
    grew = false;
    for (const row of rows) {
      if (derived.has(row.id)) continue;
      const updated = updates.some((decision) => decision.memoryItemId === row.id && from.has(decision.previousItemId!));
      if (!updated && !mentions.some((mention) => row.content.includes(mention))) continue;
      derived.add(row.id);
      from.add(row.id);
      grew = true;
    }
  }
  return [...derived];
}

/**
 * Before `deleted` go from a key's chain: each item a deleted one replaced is re-pointed to the nearest later value
 * that stays. `superseded_by_id` is `ON DELETE SET NULL`, so without this a value older than a deleted one turned
 * live again — beside the key's live value, when one stored on its own comes later. Where no later value stays (the
 * deleted one was the key's live value), the older value is live again, as after an erase: what was written from
 * the forgotten value is as if it never was.
 */
async function bridgeOver(transaction: Prisma.TransactionClient, tenantId: string, deleted: readonly string[]): Promise<void> {
  if (deleted.length === 0) return;
  const successorOf = new Map(
    (await transaction.memoryItem.findMany({ where: { tenantId, id: { in: [...deleted] } }, select: { id: true, supersededById: true } })).map((row) => [row.id, row.supersededById]),
  );
  const pointing = await transaction.memoryItem.findMany({ where: { tenantId, supersededById: { in: [...deleted] }, id: { notIn: [...deleted] } }, select: { id: true, supersededById: true } });
  for (const row of pointing) {
    let survivor = row.supersededById;
    while (survivor !== null && successorOf.has(survivor)) survivor = successorOf.get(survivor) ?? null;
    if (survivor !== null) await transaction.memoryItem.update({ where: { id: row.id }, data: { supersededById: survivor } });
  }
}

function mergeErasedMemory(left: ErasedMemory, right: ErasedMemory): ErasedMemory {
  return { ids: [...left.ids, ...right.ids], texts: [...left.texts, ...right.texts], readerRunIds: [...new Set([...left.readerRunIds, ...right.readerRunIds])] };
}
