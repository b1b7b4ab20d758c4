import type { Prisma } from '@agentloom/db';

import { erasedContent } from './erased-content';

/**
 * The runs among `runIds` that hold a copy an erase redacted — a message (thread history of an erased run, a
 * memory block) or a tool result (a memory search that listed an erased item): they read the erased content, and
 * their answer may repeat it. Their answer is not used where it would be copied again: a later run's thread
 * history (thread-history.ts) and their own episode (episode-source.ts). It stays the run's own output (ADR 0104).
 */
export async function readersOfErasedContent(prisma: Pick<Prisma.TransactionClient, 'message' | 'toolCall'>, runIds: readonly string[]): Promise<Set<string>> {
  if (runIds.length === 0) return new Set();
  // A user's own turn is what they typed, never a copy the erase made: one who typed the mark itself is no reader.
  const messages = await prisma.message.findMany({
    where: { runId: { in: [...runIds] }, content: erasedContent, NOT: { role: 'user', kind: 'message' } },
    select: { runId: true },
    distinct: ['runId'],
  });
  const toolResults = await prisma.toolCall.findMany({
    where: { runId: { in: [...runIds] }, result: { path: ['content'], equals: erasedContent } },
    select: { runId: true },
    distinct: ['runId'],
  });
  return new Set([...messages, ...toolResults].map((row) => row.runId));
}
