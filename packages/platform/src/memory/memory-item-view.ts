import type { Prisma } from '@agentloom/db';
import type { JsonObject, MemoryItem } from '@agentloom/runtime';

import { memoryKindOf, type StoredMemoryKind } from './memory-kind';
import { memoryScopeOf, type MemoryScopeLevel } from './memory-scope';

export interface MemoryItemRow {
  id: string;
  tenantId: string;
  scope: MemoryScopeLevel;
  scopeId: string;
  kind: StoredMemoryKind;
  key: string | null;
  content: string;
  metadata: Prisma.JsonValue;
  createdAt: Date;
  /** Absent where a query does not select it. */
  occurredAt?: Date | string | null;
}

export const memoryItemRowSelect = {
  id: true,
  tenantId: true,
  scope: true,
  scopeId: true,
  kind: true,
  key: true,
  content: true,
  metadata: true,
  createdAt: true,
  occurredAt: true,
} as const;

/** A row as the runtime's MemoryItem. */
export function toMemoryItem(row: MemoryItemRow): MemoryItem {
  const metadata = row.metadata && typeof row.metadata === 'object' && !Array.isArray(row.metadata) ? (row.metadata as JsonObject) : {};
  return {
    id: row.id,
    scope: memoryScopeOf(row),
    kind: memoryKindOf(row.kind),
    content: row.content,
    ...(row.key !== null ? { key: row.key } : {}),
    ...(Object.keys(metadata).length > 0 ? { metadata } : {}),
    createdAt: row.createdAt.toISOString(),
    ...(row.occurredAt ? { occurredAt: new Date(row.occurredAt).toISOString() } : {}),
  };
}
