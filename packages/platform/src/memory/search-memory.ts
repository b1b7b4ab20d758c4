import { rawSqlFor, type Database, type RawSql } from '@agentloom/db';
import type { Embedder, MemoryHit, MemorySearchQuery } from '@agentloom/runtime';

import { isZeroVector } from './embedding-rows';
import { fullTextCandidates, vectorCandidates, type Candidate, type CandidateFilter } from './memory-candidates';
import { memoryItemRowSelect, toMemoryItem } from './memory-item-view';
import { storedKindOf } from './memory-kind';
import { visibleLevelKeys } from './memory-scope';
import { fuseRankings } from './reciprocal-rank-fusion';

/** Which lists to search: both fused (default), or one alone (evaluation, diagnostics). */
export type RetrievalMode = 'hybrid' | 'vector' | 'full-text';

export interface SearchSettings {
  embedder: Embedder;
  /** Vector neighbours below this cosine similarity are not candidates. */
  minVectorSimilarity: number;
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
    // Fusion needs more than `limit` from each list: an item ranked 12th in both beats one ranked 3rd in one.
    limit: Math.max(limit * 4, 20),
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
  if (fused.length === 0) return [];
  const rows = await database.prisma.memoryItem.findMany({ where: { id: { in: fused.map((result) => result.id) } }, select: memoryItemRowSelect });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return fused.flatMap((result) => {
    const row = byId.get(result.id);
    return row ? [{ item: toMemoryItem(row), score: result.score }] : [];
  });
}

async function queryVector(embedder: Embedder, text: string): Promise<number[] | null> {
  const [vector] = await embedder.embed([text]);
  return vector && !isZeroVector(vector) ? vector : null;
}

async function candidateLists(
  database: Database,
  settings: SearchSettings,
  filter: CandidateFilter,
  text: string,
  mode: RetrievalMode,
  vector: number[] | null,
): Promise<Candidate[][]> {
  const fullText = (sql: RawSql) => (mode === 'vector' ? Promise.resolve([]) : fullTextCandidates(sql, filter, text));
  if (!vector) return [await fullText(database.sql)];
  // SET LOCAL needs a transaction; it lets HNSW keep scanning past neighbours the filters reject.
  return database.prisma.$transaction(async (transaction) => {
    const sql = rawSqlFor(transaction);
    if (supportsIterativeScan(database.vector.version)) await sql.execute('SET LOCAL hnsw.iterative_scan = relaxed_order');
    const nearest = await vectorCandidates(sql, filter, { embedderId: settings.embedder.id, vector }, settings.minVectorSimilarity);
    return [nearest, await fullText(sql)];
  });
}

/** `hnsw.iterative_scan` arrived in pgvector 0.8.0. */
function supportsIterativeScan(version: string | null): boolean {
  const [major = 0, minor = 0] = (version ?? '0.0').split('.').map(Number);
  return major > 0 || minor >= 8;
}
