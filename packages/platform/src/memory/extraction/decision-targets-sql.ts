import { rawSqlFor, type Prisma } from '@agentloom/db';

import type { MemoryScopeLevel } from '../memory-scope';

/** An item an UPDATE or DELETE decision names, as locked for applying it. */
export interface DecisionTarget {
  id: string;
  tenantId: string;
  scope: MemoryScopeLevel;
  scopeId: string;
  key: string | null;
  pinned: boolean;
  expiresAt: Date | null;
}

/**
 * Locks the named items that are still live (not superseded, not expired) until the transaction
 * ends, in id order, and returns them; an item no longer live is absent. Two extractions that decide
 * about one item (a keyless one takes no key lock) are serialized here: the later one waits, then
 * sees the item superseded or retired by the earlier one and applies nothing to it. Under READ
 * COMMITTED a waiter re-checks the conditions against the version committed meanwhile, so the row
 * is not returned once the other transaction changed it; expiry is compared with the clock at that
 * moment (`clock_timestamp()`, not the transaction's start), so a retirement committed while this
 * one waited counts. Locking a row this transaction already holds does not wait: a second call
 * re-reads the items after this transaction's own decisions. Lock order: erase fence, run,
 * extraction job, memory key locks, then these rows (a key's writer locks the item it supersedes
 * after its key), several at once in one order so two extractions cannot deadlock on them.
 */
export async function lockLiveDecisionTargets(
  transaction: Prisma.TransactionClient,
  tenantId: string,
  itemIds: readonly string[],
): Promise<Map<string, DecisionTarget>> {
  if (itemIds.length === 0) return new Map();
  const rows = await rawSqlFor(transaction).query<DecisionTarget>(
    `SELECT id::text AS id, tenant_id::text AS "tenantId", scope::text AS scope, scope_id AS "scopeId", key, pinned, expires_at AS "expiresAt"
       FROM memory_items
      WHERE tenant_id = $1::uuid AND id = ANY($2::uuid[]) AND superseded_by_id IS NULL AND (expires_at IS NULL OR expires_at > clock_timestamp())
      ORDER BY id
        FOR UPDATE`,
    tenantId,
    [...new Set(itemIds)],
  );
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * Retires a locked item now, by the database's clock (the one `lockLiveDecisionTargets` compares
 * with), truncated to the column's milliseconds so the stored time is never after the clock.
 */
export async function retireDecisionTarget(transaction: Prisma.TransactionClient, tenantId: string, itemId: string): Promise<number> {
  return rawSqlFor(transaction).execute(
    `UPDATE memory_items SET expires_at = date_trunc('milliseconds', clock_timestamp()), updated_at = clock_timestamp()
      WHERE tenant_id = $1::uuid AND id = $2::uuid`,
    tenantId,
    itemId,
  );
}
