import type { RawSql } from '@agentloom/db';
import type { MemoryHit } from '@agentloom/runtime';

import type { TermExpansion } from './memory-candidates';

/**
 * Pseudo-relevance feedback for the lexical list (RM3, Abdul-Jaleel et al. 2004; Lavrenko & Croft's
 * relevance model): the first search's best hits are taken as relevant, the lexemes they use most
 * (their share of each hit's length, weighted by the hit's relevance) are added to the query, and
 * the lexical list is searched again with the expanded, weighted query. A question that names a
 * thing in other words than the memory ("the streaming nodes" for Kafka brokers) can then reach
 * the items that share words with its nearest semantic neighbours. ADR 0065.
 */
export interface QueryFeedbackSettings {
  /** How many of the first search's best hits count as relevant. */
  documents: number;
  /** How many lexemes, not already in the query, are added. */
  terms: number;
  /** Share of the expanded query's weight on the added lexemes (RM3's 1 − λ); the query's own keep the rest. */
  expansionWeight: number;
}

/** Measured on bench/memory-eval's dev split (ADR 0065). */
export const defaultQueryFeedback: QueryFeedbackSettings = {
  documents: 3,
  terms: 10,
  expansionWeight: 0.3,
};

/** The hits feedback reads: the first `documents` with some relevance, each with its share of their total relevance. */
export function feedbackDocuments(hits: readonly MemoryHit[], documents: number): { ids: string[]; weights: number[] } {
  const chosen = hits.filter((hit) => (hit.parts?.relevance ?? hit.score) > 0).slice(0, Math.max(0, documents));
  const total = chosen.reduce((sum, hit) => sum + (hit.parts?.relevance ?? hit.score), 0);
  return { ids: chosen.map((hit) => hit.item.id), weights: chosen.map((hit) => (hit.parts?.relevance ?? hit.score) / total) };
}

/**
 * The expansion of `text` from the feedback hits: each lexeme's relevance-model weight is
 * Σ_hits weight(hit) × tf(lexeme, hit) / length(hit), from the stored tsvectors (the index's own
 * stems, stop words already out); lexemes of the query itself are left out (they keep their own
 * weight), the `terms` heaviest are kept and share `expansionWeight` in proportion. Ties by lexeme,
 * so the expansion is deterministic.
 */
export async function feedbackExpansion(
  sql: RawSql,
  tenantId: string,
  text: string,
  feedback: { ids: readonly string[]; weights: readonly number[] },
  settings: QueryFeedbackSettings,
): Promise<TermExpansion | null> {
  if (feedback.ids.length === 0 || settings.terms <= 0 || settings.expansionWeight <= 0) return null;
  const rows = await sql.query<{ lexeme: string; weight: number }>(
    `SELECT term.lexeme, sum(feedback.weight * coalesce(array_length(term.positions, 1), 1) / greatest(length(m.search_vector), 1))::float8 AS weight
       FROM unnest($2::uuid[], $3::float8[]) AS feedback(id, weight)
       JOIN memory_items m ON m.id = feedback.id AND m.tenant_id = $1::uuid,
            unnest(m.search_vector) AS term
      WHERE term.lexeme <> ALL (tsvector_to_array(to_tsvector('english', $4)))
      GROUP BY term.lexeme
      ORDER BY weight DESC, term.lexeme
      LIMIT $5`,
    tenantId,
    feedback.ids,
    feedback.weights,
    text,
    settings.terms,
  );
  const total = rows.reduce((sum, row) => sum + Number(row.weight), 0);
  if (rows.length === 0 || total <= 0) return null;
  return {
    queryWeight: 1 - settings.expansionWeight,
    terms: rows.map((row) => ({ lexeme: row.lexeme, weight: (settings.expansionWeight * Number(row.weight)) / total })),
  };
}
