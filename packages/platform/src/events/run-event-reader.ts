import type { PrismaClient } from '@agentloom/db';

import type { StoredRunEvent } from './run-event';

/** Reads a run's events after a sequence number, in order. Callers have checked tenant access. */
export async function readRunEvents(prisma: PrismaClient, runId: string, afterSeq: number, limit: number): Promise<StoredRunEvent[]> {
  const rows = await prisma.runEvent.findMany({
    where: { runId, seq: { gt: afterSeq } },
    orderBy: { seq: 'asc' },
    take: limit,
    select: { runId: true, seq: true, type: true, payload: true, createdAt: true },
  });
  return rows;
}
