export interface ThreadView {
  id: string;
  agentId: string;
  endUserId: string | null;
  title: string;
  archivedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export const threadViewSelect = { id: true, agentId: true, endUserId: true, title: true, archivedAt: true, createdAt: true, updatedAt: true } as const;

export function toThreadView(row: {
  id: string;
  agentId: string;
  endUserId: string | null;
  title: string;
  archivedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}): ThreadView {
  return {
    id: row.id,
    agentId: row.agentId,
    endUserId: row.endUserId,
    title: row.title,
    archivedAt: row.archivedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
