import { rawSqlFor, type Prisma, type PrismaClient } from '@agentloom/db';
import type { NewMemoryItem } from '@agentloom/runtime';

import { writeEmbedding } from './embedding-rows';
import { storedKindOf } from './memory-kind';
import { storedScopeOf, type StoredScope } from './memory-scope';

/** The runtime's NewMemoryItem plus what the platform records about an item. */
export interface StoreMemoryInput extends Omit<NewMemoryItem, 'occurredAt'> {
  pinned?: boolean;
  expiresAt?: Date;
  /** The run that produced it (erasing the run erases the item). */
  sourceRunId?: string;
  /** The thread it came from when stored at a wider level (erasing the thread erases the item). */
  originThreadId?: string;
  /** When what it records happened (a turn's time, or the port's ISO string); absent means "at createdAt". */
  occurredAt?: Date | string;
}

export interface StoredMemoryItem {
  id: string;
  /** The live item with the same key that this one replaced, if any. */
  supersededId: string | null;
}

/**
 * Inserts the item and its vector and, when a live item with the same key exists in the same
 * tenant, level and scope id, marks that one superseded by the new one — all in one transaction,
 * so a search never sees both or neither. The superseded item is kept (history), never returned.
 */
export async function storeMemoryItem(
  prisma: PrismaClient,
  input: StoreMemoryInput,
  embedding: { embedderId: string; vector: readonly number[] } | null,
): Promise<StoredMemoryItem> {
  return prisma.$transaction((transaction) => insertMemoryItem(transaction, input, embedding));
}

/**
 * `storeMemoryItem` inside the caller's transaction (extraction writes items and decisions together).
 * A keyed item first takes the key's lock (`holdMemoryKeyLock`); a caller that also takes the erase
 * fence (ADR 0040) or a run's row lock must take them before it calls this.
 */
export async function insertMemoryItem(
  transaction: Prisma.TransactionClient,
  input: StoreMemoryInput,
  embedding: { embedderId: string; vector: readonly number[] } | null,
): Promise<StoredMemoryItem> {
  const stored = storedScopeOf(input.scope);
  if (input.key !== undefined) await holdMemoryKeyLock(transaction, stored, input.key);
  const item = await transaction.memoryItem.create({
    data: {
      tenantId: stored.tenantId,
      scope: stored.scope,
      scopeId: stored.scopeId,
      threadId: stored.threadId ?? input.originThreadId ?? null,
      kind: storedKindOf(input.kind),
      key: input.key ?? null,
      content: input.content,
      metadata: input.metadata ?? {},
      pinned: input.pinned ?? false,
      expiresAt: input.expiresAt ?? null,
      sourceRunId: input.sourceRunId ?? null,
      occurredAt: input.occurredAt ? new Date(input.occurredAt) : null,
    },
    select: { id: true },
  });
  if (embedding) await writeEmbedding(rawSqlFor(transaction), { memoryItemId: item.id, tenantId: stored.tenantId, ...embedding });
  if (input.key === undefined) return { id: item.id, supersededId: null };
  const previous = await transaction.memoryItem.findFirst({
    where: { tenantId: stored.tenantId, scope: stored.scope, scopeId: stored.scopeId, key: input.key, supersededById: null, id: { not: item.id } },
    select: { id: true },
  });
  if (previous) {
    await transaction.memoryItem.updateMany({
      where: { tenantId: stored.tenantId, scope: stored.scope, scopeId: stored.scopeId, key: input.key, supersededById: null, id: { not: item.id } },
      data: { supersededById: item.id },
    });
  }
  return { id: item.id, supersededId: previous?.id ?? null };
}

/** "MKEY": keeps this key space apart from the other advisory locks (the erase fence is "ERAS"). */
const memoryKeyLockClass = 0x4d4b_4559;

/**
 * Serializes the writers of one key (tenant, level, scope id, key) until the transaction ends.
 * Without it, two writers under READ COMMITTED each insert their item and look for the previous
 * live one before either commits: neither sees the other's item, both supersede the same old one,
 * and two values of the key stay live. With it, the later writer looks only after the earlier one
 * committed, finds its item and supersedes it. A hash collision only makes two unrelated keys wait
 * for each other. Lock order, everywhere: erase fence, then a run's row, then key locks — an erase
 * takes no key lock, so a key-lock holder never waits for something waiting on it there.
 */
async function holdMemoryKeyLock(transaction: Prisma.TransactionClient, stored: StoredScope, key: string): Promise<void> {
  await rawSqlFor(transaction).execute(
    'SELECT pg_advisory_xact_lock($1::int, hashtext($2::text)) AS memory_key_lock',
    memoryKeyLockClass,
    keyIdentity(stored, key),
  );
}

function keyIdentity(stored: Pick<StoredScope, 'tenantId' | 'scope' | 'scopeId'>, key: string): string {
  return JSON.stringify([stored.tenantId, stored.scope, stored.scopeId, key]);
}

/**
 * Takes the locks of several keys up front, in one order (sorted), for a transaction that writes
 * them one after another (an extraction's decisions, in the order the model listed them): two such
 * transactions taking overlapping keys in opposite orders would deadlock. `insertMemoryItem` taking
 * a lock this transaction already holds again does not wait.
 */
export async function holdMemoryKeyLocks(
  transaction: Prisma.TransactionClient,
  keys: readonly { scope: Pick<StoredScope, 'tenantId' | 'scope' | 'scopeId'>; key: string }[],
): Promise<void> {
  const identities = [...new Set(keys.map(({ scope, key }) => keyIdentity(scope, key)))].sort();
  if (identities.length === 0) return;
  await rawSqlFor(transaction).execute(
    'SELECT pg_advisory_xact_lock($1::int, hashtext(identity)) AS memory_key_lock FROM unnest($2::text[]) WITH ORDINALITY AS keys(identity, position) ORDER BY position',
    memoryKeyLockClass,
    identities,
  );
}
