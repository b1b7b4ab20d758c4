/** The parts of a memory score as the API returns them (runtime MemoryScoreParts); old records may lack some. */
export type ScoreParts = Partial<Record<'similarity' | 'lexical' | 'relevance' | 'evidence' | 'pinned' | 'recency' | 'time' | 'threadSimilarity', number | null>> & {
  /** Names the query used that no memory held (they scaled relevance and evidence down). */
  unknownNames?: readonly string[] | undefined;
};

const format = (value: number) => value.toFixed(2);

/**
 * The parts in a short line: the calibrated relevance the order starts from, the evidence the
 * injection and abstention thresholds compare, what each list said (and the item's thread, when
 * thread context mixed it in), the boosts that reordered it,
 * and any name the memory has never seen. A list that was not searched says so ("no vector"), so a
 * lexical-only search (no pgvector) is visible in every hit.
 */
export function scorePartsLine(parts: ScoreParts): string {
  const lists = [
    parts.similarity === undefined ? null : parts.similarity === null ? 'no vector' : `similarity ${format(parts.similarity)}`,
    parts.lexical === undefined ? null : parts.lexical === null ? 'no lexical' : `lexical ${format(parts.lexical)}`,
    // The conversation's similarity, mixed into the semantic side of relevance (ADR 0065).
    typeof parts.threadSimilarity === 'number' ? `thread ${format(parts.threadSimilarity)}` : null,
  ].filter((part) => part !== null);
  const boosts = (['pinned', 'recency', 'time'] as const)
    .filter((name) => typeof parts[name] === 'number' && parts[name] > 0.005)
    .map((name) => `+${name} ${format(parts[name]!)}`);
  const calibrated = [
    typeof parts.relevance === 'number' ? `relevance ${format(parts.relevance)}` : null,
    typeof parts.evidence === 'number' ? `evidence ${format(parts.evidence)}` : null,
  ].filter((part) => part !== null);
  const unknown = unknownNamesText(parts);
  return [calibrated.join(' · '), lists.join(' · '), boosts.join(' '), unknown].filter((part) => part !== null && part !== '').join(' — ');
}

/** "unknown names: Redis, GraphQL" when the query named things no memory holds; null otherwise. */
export function unknownNamesText(parts: ScoreParts): string | null {
  return parts.unknownNames && parts.unknownNames.length > 0 ? `unknown names: ${parts.unknownNames.join(', ')}` : null;
}

/** Whether a search ran without its vector list (every hit's similarity is null). */
export function searchedLexicalOnly(hits: readonly { parts?: ScoreParts | undefined }[]): boolean {
  return hits.length > 0 && hits.every((hit) => hit.parts?.similarity === null);
}
