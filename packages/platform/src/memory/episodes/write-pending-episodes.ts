import type { Database } from '@agentloom/db';

import { holdEraseFenceShared } from '../../erase/erase-fence';
import type { Logger } from '../../logging/logger';
import type { ModelConnector } from '../../outbound/model-connector';
import type { PrismaMemoryPort } from '../prisma-memory-port';
import type { StoreMemoryInput } from '../store-memory-item';
import { conversationTurnItem } from './conversation-turn-item';
import { episodeSourceUnchanged, loadEpisodeSource, type EpisodeSource } from './episode-source';
import { lockPendingRun } from './lock-pending-run';
import { summarizeEpisode } from './summarize-episode';

/**
 * Turns runs marked `episode_pending` into `episode` memories on the run's thread (or agent) scope.
 * The episode's key is per run, so a sweep repeated after a crash between the write and the flag
 * supersedes its own earlier episode instead of duplicating it. Returns how many were written.
 * Where the agent asks for it (`memoryWriting`), the run's turn is indexed as a memory too, and a
 * successful run gets its fact-extraction job. Items, job and the cleared flag are one transaction,
 * written behind the erase fence (ADR 0040): a run erased or redacted while its summary was being
 * written keeps its flag and is summarized again, from what is left, on the next sweep. That
 * transaction also locks the run and writes only while the flag is still set, so two processes
 * sweeping the same run write its items once (`lockPendingRun`).
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
    // Another process may have written it since the list was read: spare the model call. (Only a
    // saving; the write below checks again under the run's lock.)
    if ((await database.prisma.run.count({ where: { id, episodePending: true } })) === 0) continue;
    const source = await loadEpisodeSource(database.prisma, id);
    if (!source) {
      await database.prisma.run.updateMany({ where: { id }, data: { episodePending: false } });
      continue;
    }
    const items = await itemsOf(source, options);
    const wantsExtraction = Boolean(source.config?.memoryWriting?.extractFacts && source.config.model && source.outcome === 'succeeded');
    const refused = { alreadyWritten: false };
    const stored = await port.storeItemsIf(
      items,
      async (transaction) => {
        await holdEraseFenceShared(transaction, source.tenantId);
        if (!(await lockPendingRun(transaction, id))) {
          refused.alreadyWritten = true;
          return false;
        }
        return episodeSourceUnchanged(transaction, source);
      },
      async (transaction) => {
        if (wantsExtraction)
          await transaction.memoryExtraction.createMany({ data: [{ runId: source.runId, tenantId: source.tenantId }], skipDuplicates: true });
        await transaction.run.updateMany({ where: { id }, data: { episodePending: false } });
      },
    );
    if (stored) written += 1;
    else if (refused.alreadyWritten) logger.info('Run summarized by another process meanwhile; nothing written', { runId: id });
    else logger.info('Run erased or redacted while its episode was written; nothing written (a redacted run is summarized again next sweep)', { runId: id });
  }
  if (written > 0) logger.info(`Wrote ${written} episode memory(ies)`);
  return written;
}

/** The run's episode summary and, where the agent keeps conversations, its turn. */
async function itemsOf(source: EpisodeSource, options: { signal: AbortSignal; models: ModelConnector }): Promise<StoreMemoryInput[]> {
  const summary = await summarizeEpisode(source, options.signal, options.models);
  const episode: StoreMemoryInput = {
    scope: { tenantId: source.tenantId, agentId: source.agentId, ...(source.threadId ? { threadId: source.threadId } : {}) },
    kind: 'episode',
    key: `episode:${source.runId}`,
    content: summary.content,
    metadata: { outcome: source.outcome, summarizer: summary.summarizer, runId: source.runId, ...feedbackMetadata(source) },
    sourceRunId: source.runId,
    occurredAt: source.runCreatedAt.toISOString(),
  };
  const conversations = source.config?.memoryWriting?.conversations;
  const turn = conversations ? conversationTurnItem(source, conversations.scope) : null;
  return turn ? [episode, turn] : [episode];
}

/** The latest label and the mean reward of the run's feedback, for filters on episode metadata. */
function feedbackMetadata(source: EpisodeSource): Record<string, string | number> {
  if (source.feedback.length === 0) return {};
  const rewards = source.feedback.flatMap((entry) => (entry.reward === null ? [] : [entry.reward]));
  const label = source.feedback.findLast((entry) => entry.label !== null)?.label;
  return {
    feedbackEntries: source.feedback.length,
    ...(label ? { feedbackLabel: label } : {}),
    ...(rewards.length > 0 ? { meanReward: Math.round((rewards.reduce((sum, reward) => sum + reward, 0) / rewards.length) * 1e6) / 1e6 } : {}),
  };
}
