import type { Database } from '@agentloom/db';
import type { PrismaMemoryPort } from '@agentloom/platform';
import type { MemoryScope } from '@agentloom/runtime';

import type { EvalData } from './eval-data';

/**
 * Stores every non-empty turn as one memory item through the product's own write path
 * (PrismaMemoryPort.storeItem: full-text trigger, embedding, vector index), in a thread per
 * session, remembering its session; returns item id → session id.
 *
 * The session date is the items' occurredAt. It is handed to storeItem, which keeps it where the
 * port accepts `occurredAt` (issue 13); where it does not yet, the column is filled afterwards for
 * the items still without one, so time-aware search always sees the session dates.
 */
export async function ingestSessions(database: Database, port: PrismaMemoryPort, scope: MemoryScope, data: EvalData): Promise<Map<string, string>> {
  const sessionOf = new Map<string, string>();
  // Each session is a conversation: a thread of one agent, as the product stores conversation turns
  // (ADR 0025: every turn's item carries its thread even at user level), which thread context reads.
  const agent = await database.prisma.agent.create({ data: { tenantId: scope.tenantId, slug: `eval-${scope.agentId ?? 'agent'}`, name: 'memory eval' } });
  for (const session of data.sessions) {
    const thread = await database.prisma.thread.create({ data: { tenantId: scope.tenantId, agentId: agent.id, title: session.id } });
    const ids: string[] = [];
    for (const turn of session.turns) {
      if (turn.content.trim() === '') continue;
      const input: Parameters<PrismaMemoryPort['storeItem']>[0] & { occurredAt?: string } = {
        scope,
        kind: 'document',
        content: turn.content,
        metadata: { sessionId: session.id, role: turn.role },
        originThreadId: thread.id,
        ...(session.date ? { occurredAt: session.date } : {}),
      };
      const { id } = await port.storeItem(input);
      sessionOf.set(id, session.id);
      ids.push(id);
    }
    if (session.date && ids.length > 0) {
      await database.prisma.memoryItem.updateMany({ where: { id: { in: ids }, occurredAt: null }, data: { occurredAt: new Date(session.date) } });
    }
  }
  return sessionOf;
}
