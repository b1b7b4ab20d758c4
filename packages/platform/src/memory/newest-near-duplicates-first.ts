import type { MemoryHit } from '@agentloom/runtime';

/**
 * Offline update-awareness (no model to decide UPDATE): when a search returns several versions of
 * the same fact, the newest comes first. Two hits are near-duplicates when
 * - they carry the same key, or
 * - they share at least `minSharedWords` content words, and those are at least `minSharedShare` of
 *   the shorter one's content words ("The deploy window is Tuesday 10–12" / "… is Thursday 14–16").
 * Content words: lowercased letters/digits runs of 3+ characters, minus a few function words.
 * Within a group (transitively), the hits keep the group's positions but are re-ordered newest
 * first by `occurredAt`, else `createdAt`. Each hit keeps its own score — the scores are honest
 * similarities; only the order says "this one is newer". Hits outside any group do not move.
 * Explicit boosts still win over recency inside a group: a pinned version stays above unpinned
 * ones, and when the query names a time ("in March"), the version from then stays first (ADR 0022).
 */
export function newestNearDuplicatesFirst(hits: readonly MemoryHit[]): MemoryHit[] {
  if (hits.length < 2) return [...hits];
  const words = hits.map((hit) => contentWords(hit.item.content));
  const group = hits.map((_, index) => index);
  const root = (index: number): number => (group[index] === index ? index : (group[index] = root(group[index]!)));
  for (let left = 0; left < hits.length; left += 1) {
    for (let right = left + 1; right < hits.length; right += 1) {
      if (nearDuplicates(hits[left]!, hits[right]!, words[left]!, words[right]!)) group[root(right)] = root(left);
    }
  }
  const positionsByGroup = new Map<number, number[]>();
  hits.forEach((_, index) => positionsByGroup.set(root(index), [...(positionsByGroup.get(root(index)) ?? []), index]));
  const ordered = [...hits];
  for (const positions of positionsByGroup.values()) {
    if (positions.length < 2) continue;
    const newestFirst = [...positions].sort(
      (left, right) =>
        boostOf(hits[right]!, 'pinned') - boostOf(hits[left]!, 'pinned') ||
        boostOf(hits[right]!, 'time') - boostOf(hits[left]!, 'time') ||
        timeOf(hits[right]!) - timeOf(hits[left]!) ||
        left - right,
    );
    positions.forEach((position, rank) => (ordered[position] = hits[newestFirst[rank]!]!));
  }
  return ordered;
}

export const nearDuplicateRule = { minSharedWords: 2, minSharedShare: 0.5, minRelevanceRatio: 0.75 } as const;

const functionWords = new Set([
  'the',
  'and',
  'for',
  'are',
  'was',
  'were',
  'our',
  'has',
  'have',
  'with',
  'this',
  'that',
  'from',
  'now',
  'not',
  'but',
  'will',
  'its',
  'into',
  'than',
  'then',
  'they',
  'them',
  'there',
  'what',
  'when',
  'which',
  'who',
  'you',
  'your',
]);

function contentWords(text: string): Set<string> {
  return new Set((text.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? []).filter((word) => !functionWords.has(word)));
}

function nearDuplicates(left: MemoryHit, right: MemoryHit, leftWords: Set<string>, rightWords: Set<string>): boolean {
  if (left.item.key !== undefined && left.item.key === right.item.key) return true;
  if (!comparablyRelevant(left, right)) return false;
  const shorter = leftWords.size <= rightWords.size ? leftWords : rightWords;
  const longer = shorter === leftWords ? rightWords : leftWords;
  if (shorter.size === 0) return false;
  const shared = [...shorter].filter((word) => longer.has(word)).length;
  return shared >= nearDuplicateRule.minSharedWords && shared / shorter.size >= nearDuplicateRule.minSharedShare;
}

/**
 * Versions compete for a query only when it matches them comparably: without this, a long result list
 * (50 hits of conversation turns, where short turns share two words easily) chained unrelated turns
 * into one group and moved a newer one from far down to the top (ADR 0065).
 */
function comparablyRelevant(left: MemoryHit, right: MemoryHit): boolean {
  const [low, high] = [relevanceOf(left), relevanceOf(right)].sort((a, b) => a - b) as [number, number];
  return high <= 0 || low / high >= nearDuplicateRule.minRelevanceRatio;
}

function relevanceOf(hit: MemoryHit): number {
  return hit.parts?.relevance ?? hit.score;
}

function boostOf(hit: MemoryHit, part: 'pinned' | 'time'): number {
  return hit.parts?.[part] ?? 0;
}

function timeOf(hit: MemoryHit): number {
  return Date.parse(hit.item.occurredAt ?? hit.item.createdAt);
}
