/** The parts of a memory score as the API returns them (runtime MemoryScoreParts); old records may lack some. */
export type ScoreParts = Partial<Record<'similarity' | 'lexical' | 'relevance' | 'pinned' | 'recency' | 'time', number | null>>;

const format = (value: number) => value.toFixed(2);

/**
 * The parts in a short line: what each list said, the calibrated relevance thresholds compare, and
 * the boosts that reordered it. A list that was not searched says so ("no vector"), so a
 * lexical-only search (no pgvector) is visible in every hit.
 */
export function scorePartsLine(parts: ScoreParts): string {
  const lists = [
    parts.similarity === undefined ? null : parts.similarity === null ? 'no vector' : `similarity ${format(parts.similarity)}`,
    parts.lexical === undefined ? null : parts.lexical === null ? 'no lexical' : `lexical ${format(parts.lexical)}`,
  ].filter((part) => part !== null);
  const boosts = (['pinned', 'recency', 'time'] as const)
    .filter((name) => typeof parts[name] === 'number' && parts[name] > 0.005)
    .map((name) => `+${name} ${format(parts[name]!)}`);
  const relevance = typeof parts.relevance === 'number' ? `relevance ${format(parts.relevance)}` : null;
  return [relevance, lists.join(' · '), boosts.join(' ')].filter((part) => part !== null && part !== '').join(' — ');
}

/** Whether a search ran without its vector list (every hit's similarity is null). */
export function searchedLexicalOnly(hits: readonly { parts?: ScoreParts | undefined }[]): boolean {
  return hits.length > 0 && hits.every((hit) => hit.parts?.similarity === null);
}
