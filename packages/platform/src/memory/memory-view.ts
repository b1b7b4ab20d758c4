import type { Prisma } from '@agentloom/db';

/** A memory item as the API shows it. */
export interface MemoryItemView {
  id: string;
  level: string;
  scopeId: string;
  kind: string;
  key: string | null;
  content: string;
  metadata: Prisma.JsonValue;
  threadId: string | null;
  sourceRunId: string | null;
  pinned: boolean;
  expiresAt: string | null;
  supersededById: string | null;
  lastUsedAt: string | null;
  embedderId: string | null;
  embeddingDimension: number | null;
  createdAt: string;
  /** When what the item records happened, where known. */
  occurredAt: string | null;
}

export const memoryViewSelect = {
  id: true,
  scope: true,
  scopeId: true,
  kind: true,
  key: true,
  content: true,
  metadata: true,
  threadId: true,
  sourceRunId: true,
  pinned: true,
  expiresAt: true,
  supersededById: true,
  lastUsedAt: true,
  embedderId: true,
  embeddingDimension: true,
  createdAt: true,
  occurredAt: true,
} as const;

type MemoryViewRow = Prisma.MemoryItemGetPayload<{ select: typeof memoryViewSelect }>;

export function toMemoryItemView(row: MemoryViewRow): MemoryItemView {
  return {
    id: row.id,
    level: row.scope,
    scopeId: row.scopeId,
    kind: row.kind,
    key: row.key,
    content: row.content,
    metadata: row.metadata,
    threadId: row.threadId,
    sourceRunId: row.sourceRunId,
    pinned: row.pinned,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    supersededById: row.supersededById,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    embedderId: row.embedderId,
    embeddingDimension: row.embeddingDimension,
    createdAt: row.createdAt.toISOString(),
    occurredAt: row.occurredAt?.toISOString() ?? null,
  };
}
