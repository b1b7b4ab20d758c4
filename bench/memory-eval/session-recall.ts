/** Sessions in the order their first item appears in a ranked hit list. */
export function rankedSessions(hitSessionIds: readonly string[]): string[] {
  return [...new Set(hitSessionIds)];
}

/**
 * LongMemEval's recall_all@k: 1 only when EVERY answer session is among the first k ranked
 * sessions, so a multi-session question finding one of its two sessions is a miss.
 * Abstention questions (no answer session) have no recall; asking for one is a bug in the caller.
 */
export function recallAllAt(k: number, ranked: readonly string[], answers: readonly string[]): number {
  if (answers.length === 0) throw new Error('recall is undefined for a question without answer sessions (abstention)');
  const top = new Set(ranked.slice(0, k));
  return answers.every((session) => top.has(session)) ? 1 : 0;
}

/** A hit as the eval sees it: its score, and the calibrated relevance where the port reports parts. */
export interface ScoredHit {
  score: number;
  parts?: { relevance: number; evidence?: number };
  /** The session the hit's item came from, so a result file can be re-ranked or read offline. */
  sessionId?: string;
}

/** What a threshold compares, as injection does: the hit's evidence (ADR 0061), else its calibrated relevance, else the score. */
export function thresholdScore(hit: ScoredHit): number {
  return hit.parts?.evidence ?? hit.parts?.relevance ?? hit.score;
}

/** A search abstains when nothing it returned reaches the threshold (what injection would use). */
export function abstains(hits: readonly ScoredHit[], minScore: number): boolean {
  return !hits.some((hit) => thresholdScore(hit) >= minScore);
}
