import type { Database } from '@agentloom/db';
import type { Embedder, MemoryHit, MemorySearchQuery } from '@agentloom/runtime';

import { isZeroVector } from './embedding-rows';
import { fullTextCandidates, vectorCandidates, type Candidate, type CandidateFilter } from './memory-candidates';
import { toMemoryItem } from './memory-item-view';
import { storedKindOf } from './memory-kind';
import { newestNearDuplicatesFirst } from './newest-near-duplicates-first';
import { visibleLevelKeys } from './memory-scope';
import { fuseRankings } from './reciprocal-rank-fusion';
import type { VectorScanChoice } from './vector-scan-choice';

/** Which lists to search: both fused (default), or one alone (evaluation, diagnostics). */
export type RetrievalMode = 'hybrid' | 'vector' | 'full-text';

export interface SearchSettings {
  embedder: Embedder;
  /** Vector neighbours below this cosine similarity are not candidates. */
  minVectorSimilarity: number;
  /** Exact scan or HNSW, per tenant. */
  scanChoice: VectorScanChoice;
}

/**
 * Hybrid retrieval: full-text and (where pgvector exists) vector candidates, fused by reciprocal
 * rank. Without pgvector, or when the query has no content words, full-text alone decides.
 */
export async function searchMemory(
  database: Database,
  settings: SearchSettings,
  query: MemorySearchQuery,
  mode: RetrievalMode = 'hybrid',
): Promise<MemoryHit[]> {
  const limit = query.limit ?? 5;
  const text = query.text.trim();
  if (text === '' || limit <= 0) return [];
  const filter: CandidateFilter = {
    tenantId: query.scope.tenantId,
    levelKeys: visibleLevelKeys(query.scope),
    kinds: (query.kinds ?? []).map(storedKindOf),
    // Fusion needs more than `limit` from each list: an item ranked 12th in both beats one ranked 3rd
    // in one. A single list is already in its final order.
    limit: mode === 'hybrid' ? Math.max(limit * 4, 20) : limit,
  };
  const vector = mode !== 'full-text' && database.vector.available ? await queryVector(settings.embedder, text) : null;
  const lists = await candidateLists(database, settings, filter, text, mode, vector);
  const pinned = new Set(
    lists
      .flat()
      .filter((candidate) => candidate.pinned)
      .map((candidate) => candidate.id),
  );
  const fused = fuseRankings(
    lists.map((list) => list.map((candidate) => candidate.id)),
    pinned,
  ).slice(0, limit);
  const byId = new Map(lists.flat().map((candidate) => [candidate.id, candidate]));
  const hits = fused.flatMap((result) => {
    const row = byId.get(result.id);
    return row ? [{ item: toMemoryItem({ ...row, createdAt: new Date(row.createdAt) }), score: result.score }] : [];
  });
  // Post-ranking step (update-awareness without a model): versions of one fact, newest first.
  return newestNearDuplicatesFirst(hits);
}

async function queryVector(embedder: Embedder, text: string): Promise<number[] | null> {
  const [vector] = await embedder.embed([text]);
  return vector && !isZeroVector(vector) ? vector : null;
}

/**
 * The candidate lists, straight on the pool: hnsw.iterative_scan is a session setting of every
 * connection (packages/db), so no transaction is needed for `SET LOCAL`, and the lists run in
 * parallel where the driver has more than one connection.
 */
async function candidateLists(
  database: Database,
  settings: SearchSettings,
  filter: CandidateFilter,
  text: string,
  mode: RetrievalMode,
  vector: number[] | null,
): Promise<Candidate[][]> {
  const fullText = mode === 'vector' ? Promise.resolve([]) : fullTextCandidates(database.sql, filter, text);
  if (!vector) return [await fullText];
  const plan = await settings.scanChoice.planFor(database.sql, filter.tenantId, vector.length);
  const nearest = vectorCandidates(database.sql, filter, { embedderId: settings.embedder.id, vector }, { minSimilarity: settings.minVectorSimilarity, plan });
  return Promise.all([nearest, fullText]);
}
