import type { RawSql } from '@agentloom/db';

import type { MemoryItemRow } from './memory-item-view';
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
       m.kind::text AS kind, m.key, m.content, m.metadata, m.created_at AS "createdAt", m.pinned`;

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
 * Nearest neighbours by cosine distance among the embedder's vectors. The ORDER BY expression and
 * the `dimension = N` predicate match the partial HNSW index exactly, so the planner can use it;
 * with pgvector ≥ 0.8 the caller sets `hnsw.iterative_scan`, so filters that reject many
 * neighbours (other tenants' rows) do not starve the result. Neighbours below `minSimilarity` are
 * dropped: a vector search always has "nearest" items, related or not.
 */
export async function vectorCandidates(
  sql: RawSql,
  filter: CandidateFilter,
  embedding: { embedderId: string; vector: readonly number[] },
  minSimilarity: number,
): Promise<Candidate[]> {
  const dimension = checkedDimension(embedding.vector.length);
  const distance = `(e.embedding::vector(${dimension})) <=> $4::vector(${dimension})`;
  const rows = await sql.query<Candidate & { distance: number }>(
    `SELECT ${candidateColumns}, ${distance} AS distance
       FROM agentloom_vector.memory_embedding e
       JOIN memory_items m ON m.id = e.memory_item_id
      WHERE e.dimension = ${dimension} AND e.embedder_id = $5 AND e.tenant_id = $1::uuid
        AND ${liveItemConditions}
      ORDER BY ${distance}
      LIMIT $6`,
    filter.tenantId,
    filter.levelKeys,
    filter.kinds,
    vectorLiteral(embedding.vector),
    embedding.embedderId,
    filter.limit,
  );
  return rows.filter((row) => 1 - Number(row.distance) >= minSimilarity).map(({ distance: _distance, ...candidate }) => candidate);
}
