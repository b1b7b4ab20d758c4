import { rawSqlFor, type Prisma, type PrismaClient } from '@agentloom/db';
import type { NewMemoryItem } from '@agentloom/runtime';

import { writeEmbedding } from './embedding-rows';
import { storedKindOf } from './memory-kind';
import { storedScopeOf } from './memory-scope';

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

/** `storeMemoryItem` inside the caller's transaction (extraction writes items and decisions together). */
export async function insertMemoryItem(
  transaction: Prisma.TransactionClient,
  input: StoreMemoryInput,
  embedding: { embedderId: string; vector: readonly number[] } | null,
): Promise<StoredMemoryItem> {
  const stored = storedScopeOf(input.scope);
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
