import type { Database } from '@agentloom/db';
import { parseQueryTime, queryNames, windowAround, type Embedder, type FusionSettings, type MemoryHit, type MemorySearchQuery, type TimeWindow } from '@agentloom/runtime';

import { DomainError } from '../errors/domain-error';
import { isZeroVector } from './embedding-rows';
import { fullTextCandidates, similaritiesOf, threadSimilarities, unseenNames, vectorCandidates, type CandidateFilter, type CandidateLists } from './memory-candidates';
import { storedKindOf } from './memory-kind';
import { newestNearDuplicatesFirst } from './newest-near-duplicates-first';
import { visibleLevelKeys } from './memory-scope';
import { fuseCandidates } from './score-fusion';
import type { VectorScanChoice } from './vector-scan-choice';

/** A search that may also be limited to items that happened in a window (API filters). */
export interface WindowedSearchQuery extends MemorySearchQuery {
  window?: TimeWindow;
}

/** Which lists to search: both fused (default), or one alone (evaluation, diagnostics). */
export type RetrievalMode = 'hybrid' | 'vector' | 'full-text';

export interface SearchSettings {
  embedder: Embedder;
  /** Vector neighbours below this cosine similarity are not candidates. */
  minVectorSimilarity: number;
  /** Hits whose relevance (calibrated, 0…1) is below this are not returned: an unrelated query comes back empty. */
  minRelevance: number;
  fusion: FusionSettings;
  /** Exact scan or HNSW, per tenant. */
  scanChoice: VectorScanChoice;
}

/**
 * Hybrid retrieval: BM25 full-text and (where pgvector exists) vector candidates, each hit scored
 * by a convex blend of its absolute lexical and vector scores plus pin, recency and time boosts
 * (score-fusion.ts, ADR 0022). A time expression in the query ("in March", "before the migration")
 * adds candidates from that window and boosts them. Without pgvector, or when the query has no
 * vector, the lexical score alone is the relevance, and hits say so (similarity null); `vector` mode
 * alone is refused there (409 `vector-search-unavailable`) instead of answering an empty list.
 */
export async function searchMemory(
  database: Database,
  settings: SearchSettings,
  query: WindowedSearchQuery,
  mode: RetrievalMode = 'hybrid',
): Promise<MemoryHit[]> {
  // Vector mode without vectors would come back empty every time, which reads as "nothing matches".
  if (mode === 'vector' && !database.vector.available) throw vectorSearchUnavailable();
  const limit = query.limit ?? 5;
  const now = query.now ? new Date(query.now) : new Date();
  if (query.text.trim() === '' || limit <= 0) return [];
  const base: CandidateFilter = {
    tenantId: query.scope.tenantId,
    levelKeys: visibleLevelKeys(query.scope),
    kinds: (query.kinds ?? []).map(storedKindOf),
    // Fusion needs more than `limit` from each list: an item 12th in both beats one 3rd in one.
    limit: Math.max(limit * 4, 20),
    window: query.window,
  };
  const time = parseQueryTime(query.text.trim(), now);
  const text = time.text;
  const vector = mode !== 'full-text' && database.vector.available ? await queryVector(settings.embedder, text) : null;
  const searchLists = (filter: CandidateFilter) => candidateLists(database, settings, filter, text, mode, vector);
  const window = time.window ?? (time.anchor ? await anchorWindow(database, settings, base, time.anchor) : null);
  // Checked apart from the lists (any time, not only the window): "never stored" is about the whole memory.
  const [lists, unknownNames] = await Promise.all([searchLists(base), unseenNames(database.sql, { ...base, window: undefined }, queryNames(text))]);
  // The window's own best candidates, so an item of that week ranked 100th overall can still be boosted.
  if (window) mergeLists(lists, await searchLists({ ...base, window: intersect(window, query.window) }));
  if (vector && mode === 'hybrid') await fillSimilarities(database, settings, base.tenantId, lists, vector);
  // Thread context belongs to the fused ranking; the single-list modes stay what they say they are.
  const threads = vector && mode === 'hybrid' && settings.fusion.threadContextWeight > 0 ? await candidateThreadSimilarities(database, settings, base, lists, vector) : new Map<string, number>();
  const hits = fuseCandidates(lists, {
    now,
    window,
    settings: settings.fusion,
    vectorSearched: vector !== null && mode !== 'full-text',
    lexicalSearched: mode !== 'vector',
    unknownNames,
    threadSimilarities: threads,
  })
    // The port's minimum compares relevance before the unknown-name factor: that factor is evidence for
    // injection (ADR 0054), not a reason to drop a weakly matching hit from memory_search's list.
    .filter((hit) => relevanceBeforeNames(hit, settings.fusion) >= settings.minRelevance)
    .slice(0, limit);
  // Post-ranking step (update-awareness without a model): versions of one fact, newest first.
  return newestNearDuplicatesFirst(hits);
}

function relevanceBeforeNames(hit: MemoryHit, fusion: FusionSettings): number {
  const { relevance, unknownNames } = hit.parts!;
  return unknownNames && unknownNames.length > 0 && fusion.unknownNameFactor > 0 ? relevance / fusion.unknownNameFactor : relevance;
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
): Promise<CandidateLists> {
  const lexical = mode === 'vector' ? Promise.resolve([]) : fullTextCandidates(database.sql, filter, text);
  if (!vector) return { lexical: await lexical, vector: [], similarities: new Map() };
  const plan = await settings.scanChoice.planFor(database.sql, filter.tenantId, vector.length);
  const nearest = vectorCandidates(database.sql, filter, { embedderId: settings.embedder.id, vector }, { minSimilarity: settings.minVectorSimilarity, plan });
  const [vectorList, lexicalList] = await Promise.all([nearest, lexical]);
  return { lexical: lexicalList, vector: vectorList, similarities: new Map() };
}

function mergeLists(into: CandidateLists, from: CandidateLists): void {
  const lexicalIds = new Set(into.lexical.map((candidate) => candidate.id));
  const vectorIds = new Set(into.vector.map((candidate) => candidate.id));
  into.lexical.push(...from.lexical.filter((candidate) => !lexicalIds.has(candidate.id)));
  into.vector.push(...from.vector.filter((candidate) => !vectorIds.has(candidate.id)));
}

/** Similarity of every lexical candidate the vector list missed (below its cut or beyond its limit). */
async function fillSimilarities(database: Database, settings: SearchSettings, tenantId: string, lists: CandidateLists, vector: number[]): Promise<void> {
  const known = new Set(lists.vector.map((candidate) => candidate.id));
  const missing = lists.lexical.filter((candidate) => !known.has(candidate.id)).map((candidate) => candidate.id);
  lists.similarities = await similaritiesOf(database.sql, tenantId, missing, { embedderId: settings.embedder.id, vector });
}

/** The query's similarity to the mean vector of every thread a candidate belongs to (thread context, ADR 0065). */
function candidateThreadSimilarities(database: Database, settings: SearchSettings, filter: CandidateFilter, lists: CandidateLists, vector: number[]): Promise<Map<string, number>> {
  const threadIds = new Set([...lists.lexical, ...lists.vector].flatMap((candidate) => (candidate.threadId ? [candidate.threadId] : [])));
  return threadSimilarities(database.sql, { ...filter, window: undefined }, [...threadIds], { embedderId: settings.embedder.id, vector });
}

/**
 * "before the migration": the date of the best lexical match for "the migration" that is relevant
 * enough to trust, and the window before (or after) it. No such memory, no window.
 */
async function anchorWindow(
  database: Database,
  settings: SearchSettings,
  filter: CandidateFilter,
  anchor: { relation: 'before' | 'after'; phrase: string },
): Promise<TimeWindow | null> {
  const [best] = await fullTextCandidates(database.sql, { ...filter, limit: 1 }, anchor.phrase);
  if (!best || best.lexical < settings.minRelevance) return null;
  return windowAround(anchor.relation, new Date(best.occurredAt ?? best.createdAt));
}

/** The part of `window` inside the caller's filter (an empty intersection finds nothing, as it should). */
function intersect(window: TimeWindow, filter: TimeWindow | undefined): TimeWindow {
  if (!filter) return window;
  const later = (left: Date | null, right: Date | null) => (left === null ? right : right === null ? left : left > right ? left : right);
  const earlier = (left: Date | null, right: Date | null) => (left === null ? right : right === null ? left : left < right ? left : right);
  return { from: later(window.from, filter.from), to: earlier(window.to, filter.to) };
}

/** The refusal of `vector` mode on a database without pgvector, naming the mode and what works instead. */
function vectorSearchUnavailable(): DomainError {
  return new DomainError(
    'vector-search-unavailable',
    'Memory search mode "vector" needs the pgvector extension, which this database server does not have; search with mode "hybrid" or "full-text" (both use full-text ranking here), or install pgvector',
    'mode',
  );
}
