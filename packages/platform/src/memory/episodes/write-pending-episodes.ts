import type { Database } from '@agentloom/db';

import type { Logger } from '../../logging/logger';
import type { ModelConnector } from '../../outbound/model-connector';
import type { PrismaMemoryPort } from '../prisma-memory-port';
import { loadEpisodeSource } from './episode-source';
import { indexConversationTurn } from './index-conversation-turn';
import { summarizeEpisode } from './summarize-episode';

/**
 * Turns runs marked `episode_pending` into `episode` memories on the run's thread (or agent) scope.
 * The episode's key is per run, so a sweep repeated after a crash between the write and the flag
 * supersedes its own earlier episode instead of duplicating it. Returns how many were written.
 * Where the agent asks for it (`memoryWriting`), the run's turn is indexed as a memory too, and a
 * successful run gets its fact-extraction job — created in the same transaction that clears the
 * flag, so the job is as durable as the flag was.
 */
export async function writePendingEpisodes(
  database: Database,
  port: PrismaMemoryPort,
  logger: Logger,
  options: { limit: number; signal: AbortSignal; models: ModelConnector },
): Promise<number> {
  const pending = await database.prisma.run.findMany({
    where: { episodePending: true },
    orderBy: { finishedAt: 'asc' },
    take: options.limit,
    select: { id: true },
  });
  let written = 0;
  for (const { id } of pending) {
    if (options.signal.aborted) break;
    const source = await loadEpisodeSource(database.prisma, id);
    if (source) {
      const summary = await summarizeEpisode(source, options.signal, options.models);
      await port.storeItem({
        scope: { tenantId: source.tenantId, agentId: source.agentId, ...(source.threadId ? { threadId: source.threadId } : {}) },
        kind: 'episode',
        key: `episode:${source.runId}`,
        content: summary.content,
        metadata: { outcome: source.outcome, summarizer: summary.summarizer, runId: source.runId },
        sourceRunId: source.runId,
        occurredAt: source.runCreatedAt.toISOString(),
      });
      written += 1;
      const writing = source.config?.memoryWriting;
      if (writing?.conversations) await indexConversationTurn(port, source, writing.conversations.scope);
      if (writing?.extractFacts && source.config?.model && source.outcome === 'succeeded') {
        await database.prisma.$transaction([
          database.prisma.memoryExtraction.createMany({ data: [{ runId: source.runId, tenantId: source.tenantId }], skipDuplicates: true }),
          database.prisma.run.updateMany({ where: { id }, data: { episodePending: false } }),
        ]);
        continue;
      }
    }
    await database.prisma.run.updateMany({ where: { id }, data: { episodePending: false } });
  }
  if (written > 0) logger.info(`Wrote ${written} episode memory(ies)`);
  return written;
}
