import type { RawSql } from '@agentloom/db';

import type { MemoryItemRow } from './memory-item-view';
import type { VectorScanPlan } from './vector-scan-choice';
import { checkedDimension, vectorLiteral } from './vector-sql';

/** What every candidate query filters on: tenant, visible levels, kinds, live (not expired, not superseded). */
export interface CandidateFilter {
  tenantId: string;
  /** `level:id` keys from `visibleLevelKeys`. */
  levelKeys: string[];
  /** Stored kinds; empty means all. */
  kinds: string[];
  limit: number;
  /** Only items that happened in [from, to) (occurred_at, else created_at); null ends are open. */
  window?: { from: Date | null; to: Date | null } | undefined;
}

/** A candidate carries its whole row, so the search needs no second round trip to load the winners. */
export interface Candidate extends MemoryItemRow {
  pinned: boolean;
  /** The conversation the item came from (thread context, ADR 0065); null for items stored outside one. */
  threadId: string | null;
}

/** A full-text candidate with its lexical score: BM25 per unit of the query's term weight (0…1+). */
export interface LexicalCandidate extends Candidate {
  lexical: number;
}

/** A vector candidate with its raw cosine similarity. */
export interface VectorCandidate extends Candidate {
  similarity: number;
}

// The columns of MemoryItemRow under their camelCase names, plus `pinned` for the fusion boost and the thread for thread context.
const candidateColumns = `m.id::text AS id, m.tenant_id::text AS "tenantId", m.scope::text AS scope, m.scope_id AS "scopeId",
       m.kind::text AS kind, m.key, m.content, m.metadata, m.created_at AS "createdAt", m.occurred_at AS "occurredAt", m.pinned,
       m.thread_id::text AS "threadId"`;

// $1 tenant, $2 level keys, $3 kinds; the tenant_id and scope_id conditions let the
// (tenant_id, scope, scope_id) index do the work before the level keys are compared. A key's id is
// everything after its first colon: end-user ids are free-form (`slack:U123`), level names have none.
const liveItemConditions = `m.tenant_id = $1::uuid
   AND m.scope_id = ANY(ARRAY(SELECT substr(level_key, strpos(level_key, ':') + 1) FROM unnest($2::text[]) AS level_key))
   AND (m.scope::text || ':' || m.scope_id) = ANY($2::text[])
   AND (cardinality($3::text[]) = 0 OR m.kind::text = ANY($3::text[]))
   AND m.superseded_by_id IS NULL
   AND (m.expires_at IS NULL OR m.expires_at > now())
   AND ($6::timestamptz IS NULL OR coalesce(m.occurred_at, m.created_at) >= $6::timestamptz)
   AND ($7::timestamptz IS NULL OR coalesce(m.occurred_at, m.created_at) < $7::timestamptz)`;

const windowParameters = (filter: CandidateFilter) => [filter.window?.from ?? null, filter.window?.to ?? null] as const;

/** BM25's term-frequency saturation and length normalisation, at their usual values. */
const bm25K1 = 1.2;
const bm25B = 0.75;

/**
 * Full-text candidates ranked by BM25, computed here from the stored tsvectors (english config:
 * Snowball stemming, stop words removed): term frequencies are the lexemes' position counts,
 * document frequencies and the average length come from the live items the caller may see, and
 * an item matches when it holds any query lexeme. The score is divided by the query's own weight
 * (the sum of its terms' IDF — what a document of average length holding each term once would
 * score), not by the best hit, so it reads the same in every search: 1 ≈ every query term present,
 * and a query word the memory never saw (high IDF) lowers every item's share. See ADR 0022.
 */
export async function fullTextCandidates(sql: RawSql, filter: CandidateFilter, text: string): Promise<LexicalCandidate[]> {
  return sql.query<LexicalCandidate>(
    `WITH query_terms AS (
       SELECT DISTINCT lexeme FROM unnest(tsvector_to_array(to_tsvector('english', $4))) AS lexeme
     ),
     any_terms AS (
       SELECT to_tsquery('simple', string_agg(quote_literal(lexeme), ' | ')) AS query FROM query_terms
     ),
     live AS MATERIALIZED (
       SELECT m.id, m.search_vector FROM memory_items m WHERE ${liveItemConditions}
     ),
     corpus AS (
       SELECT count(*)::float8 AS documents, greatest(coalesce(avg(length(search_vector)), 1), 1)::float8 AS average_length FROM live
     ),
     matching AS (
       SELECT live.id, length(live.search_vector)::float8 AS length, term.lexeme,
              coalesce(array_length(term.positions, 1), 1)::float8 AS frequency
         FROM live, any_terms, unnest(live.search_vector) AS term
        WHERE live.search_vector @@ any_terms.query AND term.lexeme IN (SELECT lexeme FROM query_terms)
     ),
     term_weights AS (
       SELECT query_terms.lexeme,
              ln(1 + (corpus.documents - count(matching.id) + 0.5) / (count(matching.id) + 0.5)) AS idf
         FROM query_terms CROSS JOIN corpus LEFT JOIN matching ON matching.lexeme = query_terms.lexeme
        GROUP BY query_terms.lexeme, corpus.documents
     ),
     scored AS (
       SELECT matching.id,
              sum(term_weights.idf * matching.frequency * (${bm25K1} + 1)
                  / (matching.frequency + ${bm25K1} * (1 - ${bm25B} + ${bm25B} * matching.length / corpus.average_length))) AS bm25
         FROM matching JOIN term_weights USING (lexeme) CROSS JOIN corpus
        GROUP BY matching.id
     )
     SELECT ${candidateColumns}, (scored.bm25 / (SELECT sum(idf) FROM term_weights))::float8 AS lexical
       FROM scored JOIN memory_items m ON m.id = scored.id
      ORDER BY lexical DESC, coalesce(m.occurred_at, m.created_at) DESC, m.id DESC
      LIMIT $5`,
    filter.tenantId,
    filter.levelKeys,
    filter.kinds,
    text,
    filter.limit,
    ...windowParameters(filter),
  );
}

/**
 * Nearest neighbours by cosine distance among the embedder's vectors of the tenant, then the live
 * and scope filters. The neighbours are found first, alone (a materialized CTE over the vector
 * table), because joining every tenant row to memory_items before sorting reads both tables whole.
 * `exact` orders by `distance + 0`, an expression the HNSW index cannot serve, so the tenant's
 * vectors are scanned and sorted exactly; `index` orders by the indexed expression (with the
 * session's hnsw.iterative_scan). When the filters reject so many neighbours that fewer than
 * `limit` remain, the search repeats over all of them. Neighbours below `minSimilarity` are dropped:
 * a vector search always has "nearest" items, related or not.
 */
export async function vectorCandidates(
  sql: RawSql,
  filter: CandidateFilter,
  embedding: { embedderId: string; vector: readonly number[] },
  options: { minSimilarity: number; plan: VectorScanPlan },
): Promise<VectorCandidate[]> {
  const dimension = checkedDimension(embedding.vector.length);
  const distance = `(e.embedding::vector(${dimension})) <=> $4::vector(${dimension})`;
  const order = options.plan.scan === 'exact' ? `(${distance}) + 0` : distance;
  const prefetch = Math.max(filter.limit * 4, 100);
  const search = (nearestLimit: string) =>
    sql.query<Candidate & { distance: number }>(
      `SELECT ${candidateColumns}, nearest.distance
         FROM (SELECT e.memory_item_id, ${order} AS distance
                 FROM agentloom_vector.memory_embedding e
                WHERE e.dimension = ${dimension} AND e.embedder_id = $8 AND e.tenant_id = $1::uuid
                ORDER BY ${order} ${nearestLimit}) nearest
         JOIN memory_items m ON m.id = nearest.memory_item_id
        WHERE ${liveItemConditions}
        ORDER BY nearest.distance
        LIMIT $5`,
      filter.tenantId,
      filter.levelKeys,
      filter.kinds,
      vectorLiteral(embedding.vector),
      filter.limit,
      ...windowParameters(filter),
      embedding.embedderId,
    );
  let rows = await search(`LIMIT ${prefetch}`);
  if (rows.length < filter.limit && (options.plan.scan === 'index' || options.plan.vectors > prefetch)) rows = await search('');
  return rows
    .map(({ distance, ...candidate }) => ({ ...candidate, similarity: 1 - Number(distance) }))
    .filter((candidate) => candidate.similarity >= options.minSimilarity);
}

/**
 * The query's similarity to items another list found (the blend needs both parts of every
 * candidate). Items without a vector of this embedder are absent from the map: similarity 0.
 */
export async function similaritiesOf(
  sql: RawSql,
  tenantId: string,
  ids: readonly string[],
  embedding: { embedderId: string; vector: readonly number[] },
): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const dimension = checkedDimension(embedding.vector.length);
  const rows = await sql.query<{ id: string; similarity: number }>(
    `SELECT e.memory_item_id::text AS id, (1 - ((e.embedding::vector(${dimension})) <=> $3::vector(${dimension})))::float8 AS similarity
       FROM agentloom_vector.memory_embedding e
      WHERE e.tenant_id = $1::uuid AND e.memory_item_id = ANY($2::uuid[]) AND e.embedder_id = $4 AND e.dimension = ${dimension}`,
    tenantId,
    ids,
    vectorLiteral(embedding.vector),
    embedding.embedderId,
  );
  return new Map(rows.map((row) => [row.id, Number(row.similarity)]));
}

/**
 * The names (queryNames) that no live item the caller may see holds, at any time: a name is held
 * when one item has every lexeme of it (`plainto_tsquery`, the index's own stemming). A name with no
 * lexeme (a stop word) is never reported. One EXISTS per name, served by the full-text index.
 */
export async function unseenNames(sql: RawSql, filter: CandidateFilter, names: readonly string[]): Promise<string[]> {
  if (names.length === 0) return [];
  const rows = await sql.query<{ name: string }>(
    `SELECT name FROM unnest($4::text[]) WITH ORDINALITY AS given(name, position)
      WHERE numnode(plainto_tsquery('english', name)) > 0
        AND NOT EXISTS (SELECT 1 FROM memory_items m WHERE ${liveItemConditions} AND m.search_vector @@ plainto_tsquery('english', name))
      ORDER BY position
      LIMIT $5`,
    filter.tenantId,
    filter.levelKeys,
    filter.kinds,
    names,
    names.length,
    null,
    null,
  );
  return rows.map((row) => row.name);
}

/**
 * Thread context (ADR 0065): for each thread, the cosine similarity of the query and the mean of the
 * embedder's vectors of the thread's live items the caller may see (any time, the same visibility
 * rules as the candidate lists). Conversations are stored turn by turn; the mean stands for what the
 * turns say together. pgvector's `avg(vector)`; `<=>` is scale-free, so the mean needs no
 * normalising. Threads without a vector of this embedder are absent from the map.
 */
export async function threadSimilarities(
  sql: RawSql,
  filter: CandidateFilter,
  threadIds: readonly string[],
  embedding: { embedderId: string; vector: readonly number[] },
): Promise<Map<string, number>> {
  if (threadIds.length === 0) return new Map();
  const dimension = checkedDimension(embedding.vector.length);
  // $1–$3 and $6–$7 are the candidate filter's (liveItemConditions); the window is left open on purpose.
  const rows = await sql.query<{ threadId: string; similarity: number }>(
    `SELECT m.thread_id::text AS "threadId",
            (1 - (avg(e.embedding::vector(${dimension})) <=> $4::vector(${dimension})))::float8 AS similarity
       FROM memory_items m
       JOIN agentloom_vector.memory_embedding e
         ON e.memory_item_id = m.id AND e.tenant_id = $1::uuid AND e.embedder_id = $8 AND e.dimension = ${dimension}
      WHERE m.thread_id = ANY($5::uuid[]) AND ${liveItemConditions}
      GROUP BY m.thread_id`,
    filter.tenantId,
    filter.levelKeys,
    filter.kinds,
    vectorLiteral(embedding.vector),
    threadIds,
    null,
    null,
    embedding.embedderId,
  );
  return new Map(rows.map((row) => [row.threadId, Number(row.similarity)]));
}

/** The lists one search gathers before fusion. */
export interface CandidateLists {
  lexical: LexicalCandidate[];
  vector: VectorCandidate[];
  /** Similarities of lexical candidates the vector list did not return. */
  similarities: Map<string, number>;
}
