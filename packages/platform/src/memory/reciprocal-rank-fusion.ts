/** The usual RRF constant: damps the difference between the first few ranks of each list. */
export const rankFusionConstant = 60;

export interface FusedResult {
  id: string;
  /** Normalized to 1 for an item ranked first in every list (before any pin boost). */
  score: number;
}

/**
 * Reciprocal rank fusion: each list contributes 1/(k + rank) per item, so an item both lists rank
 * highly beats one that only one list likes, without comparing BM25-like ranks to cosine distances.
 * The sum is divided by its maximum (first in every list), so scores read as 0…1 and a router can
 * use one threshold whether one or two lists were searched. Pinned items get half a "first place".
 */
export function fuseRankings(rankings: readonly (readonly string[])[], pinned: ReadonlySet<string>): FusedResult[] {
  const scores = new Map<string, number>();
  for (const ranking of rankings) {
    ranking.forEach((id, position) => scores.set(id, (scores.get(id) ?? 0) + 1 / (rankFusionConstant + position + 1)));
  }
  const maximum = Math.max(1, rankings.filter((ranking) => ranking.length > 0).length) / (rankFusionConstant + 1);
  return [...scores.entries()]
    .map(([id, score]) => ({ id, score: (score + (pinned.has(id) ? 0.5 / (rankFusionConstant + 1) : 0)) / maximum }))
    .sort((left, right) => right.score - left.score || left.id.localeCompare(right.id));
}
