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
}

/** A candidate carries its whole row, so the search needs no second round trip to load the winners. */
export interface Candidate extends MemoryItemRow {
  pinned: boolean;
}

// The columns of MemoryItemRow under their camelCase names, plus `pinned` for the fusion boost.
const candidateColumns = `m.id::text AS id, m.tenant_id::text AS "tenantId", m.scope::text AS scope, m.scope_id AS "scopeId",
       m.kind::text AS kind, m.key, m.content, m.metadata, m.created_at AS "createdAt", m.occurred_at AS "occurredAt", m.pinned`;

// $1 tenant, $2 level keys, $3 kinds; the tenant_id and scope_id conditions let the
// (tenant_id, scope, scope_id) index do the work before the level keys are compared.
const liveItemConditions = `m.tenant_id = $1::uuid
   AND m.scope_id = ANY(ARRAY(SELECT split_part(level_key, ':', 2) FROM unnest($2::text[]) AS level_key))
   AND (m.scope::text || ':' || m.scope_id) = ANY($2::text[])
   AND (cardinality($3::text[]) = 0 OR m.kind::text = ANY($3::text[]))
   AND m.superseded_by_id IS NULL
   AND (m.expires_at IS NULL OR m.expires_at > now())`;

/**
 * Full-text candidates. Matching uses any of the query's lexemes (an agent's question rarely
 * contains every word of the memory it needs — websearch_to_tsquery alone ANDs them all); ranking
 * adds websearch_to_tsquery's rank, so items matching all terms or quoted phrases come first.
 */
export async function fullTextCandidates(sql: RawSql, filter: CandidateFilter, text: string): Promise<Candidate[]> {
  return sql.query<Candidate>(
    `WITH query AS (
       SELECT (SELECT to_tsquery('simple', string_agg(quote_literal(lexeme), ' | '))
                 FROM unnest(tsvector_to_array(to_tsvector('english', $4))) AS lexeme) AS any_terms,
              websearch_to_tsquery('english', $4) AS all_terms
     )
     SELECT ${candidateColumns}
       FROM memory_items m, query
      WHERE ${liveItemConditions}
        AND m.search_vector @@ query.any_terms
      ORDER BY ts_rank(m.search_vector, query.any_terms) + ts_rank(m.search_vector, query.all_terms) DESC, m.created_at DESC
      LIMIT $5`,
    filter.tenantId,
    filter.levelKeys,
    filter.kinds,
    text,
    filter.limit,
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
): Promise<Candidate[]> {
  const dimension = checkedDimension(embedding.vector.length);
  const distance = `(e.embedding::vector(${dimension})) <=> $4::vector(${dimension})`;
  const order = options.plan.scan === 'exact' ? `(${distance}) + 0` : distance;
  const prefetch = Math.max(filter.limit * 4, 100);
  const search = (nearestLimit: string) =>
    sql.query<Candidate & { distance: number }>(
      `SELECT ${candidateColumns}, nearest.distance
         FROM (SELECT e.memory_item_id, ${order} AS distance
                 FROM agentloom_vector.memory_embedding e
                WHERE e.dimension = ${dimension} AND e.embedder_id = $5 AND e.tenant_id = $1::uuid
                ORDER BY ${order} ${nearestLimit}) nearest
         JOIN memory_items m ON m.id = nearest.memory_item_id
        WHERE ${liveItemConditions}
        ORDER BY nearest.distance
        LIMIT $6`,
      filter.tenantId,
      filter.levelKeys,
      filter.kinds,
      vectorLiteral(embedding.vector),
      embedding.embedderId,
      filter.limit,
    );
  let rows = await search(`LIMIT ${prefetch}`);
  if (rows.length < filter.limit && (options.plan.scan === 'index' || options.plan.vectors > prefetch)) rows = await search('');
  return rows.filter((row) => 1 - Number(row.distance) >= options.minSimilarity).map(({ distance: _distance, ...candidate }) => candidate);
}
