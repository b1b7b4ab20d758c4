import { rawSqlFor, type Database } from '@agentloom/db';
import type { Embedder } from '@agentloom/runtime';

import { DomainError } from '../errors/domain-error';
import { writeEmbedding } from './embedding-rows';
import { ensureDimensionIndex } from './vector-sql';

export interface ReembedProgress {
  done: number;
  total: number;
}

/**
 * Gives every item not yet embedded by `embedder` a vector from it, in id order, one transaction
 * per batch — so an interrupted run resumes where it stopped when started again (items already
 * done are skipped). Superseded items are included: they can be searched again after a restore.
 * "Already done" means the same embedder id *and* the same dimension: an id can outlive its model
 * (`openai:<model>` asked for another vector length, a model directory replaced in place), and a
 * vector of the old length is never compared with a query again (search filters on both).
 */
export async function reembedItems(
  database: Database,
  embedder: Embedder,
  options: { batchSize?: number; onProgress?: (progress: ReembedProgress) => void } = {},
): Promise<ReembedProgress> {
  if (!database.vector.available) throw new DomainError('vector-search-unavailable', database.vector.fix ?? 'pgvector is not available on this database');
  const batchSize = options.batchSize ?? 64;
  const pending = {
    OR: [{ embedderId: null }, { embedderId: { not: embedder.id } }, { embeddingDimension: null }, { embeddingDimension: { not: embedder.dimension } }],
  };
  const total = await database.prisma.memoryItem.count({ where: pending });
  await ensureDimensionIndex(database.sql, embedder.dimension);
  let done = 0;
  let after: string | undefined;
  options.onProgress?.({ done, total });
  for (;;) {
    const items = await database.prisma.memoryItem.findMany({
      where: { ...pending, ...(after ? { id: { gt: after } } : {}) },
      orderBy: { id: 'asc' },
      take: batchSize,
      select: { id: true, tenantId: true, content: true },
    });
    if (items.length === 0) break;
    const vectors = await embedder.embed(items.map((item) => item.content));
    await database.prisma.$transaction(async (transaction) => {
      const sql = rawSqlFor(transaction);
      for (const [position, item] of items.entries()) {
        await writeEmbedding(sql, { memoryItemId: item.id, tenantId: item.tenantId, embedderId: embedder.id, vector: vectors[position] ?? [] });
      }
    });
    done += items.length;
    after = items.at(-1)!.id;
    options.onProgress?.({ done, total });
  }
  return { done, total };
}
