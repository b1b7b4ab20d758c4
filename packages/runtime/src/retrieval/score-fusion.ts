import type { MemoryScoreParts } from '../contracts/stores';

/**
 * The terms of a memory hit's score (docs/adr/0022-score-fusion-and-abstention.md). Relevance is a
 * convex combination of the two lists' absolute scores, so it means the same in every search and a
 * threshold can reject; pin, recency and time are additive boosts that reorder relevant hits but
 * never lift an irrelevant one (they are 0 when relevance is 0).
 */
export interface FusionSettings {
  /** Weight of the vector similarity in relevance; the lexical score gets 1 − this. */
  vectorWeight: number;
  /**
   * Cosine similarity that means "unrelated" for the embedder: similarity is read as
   * (similarity − floor) / (1 − floor), clamped to 0…1, before it is blended.
   */
  similarityFloor: number;
  /** Added for a pinned item. */
  pinnedBoost: number;
  /** Added for an item that happened now, halving every `recencyHalfLifeDays`. */
  recencyBoost: number;
  recencyHalfLifeDays: number;
  /** Added when the item happened inside the time the query names. */
  timeBoost: number;
  /**
   * Relevance is multiplied by this when the query names something (a capitalised word, see
   * queryNames) that no memory the caller may see contains: its nearest items are then look-alikes
   * ("staging Redis" answered by staging Postgres). Same factor for every hit of the search, so it
   * changes abstention, never the order (ADR 0054).
   */
  unknownNameFactor: number;
  /**
   * Share of an item's semantic score taken from its thread's similarity to the query (the query
   * against the mean vector of the thread's items, ADR 0065): a conversation is stored turn by turn,
   * and a question often paraphrases what the turns say together, not any one of them. Items
   * without a thread keep their own similarity. 0 turns thread context off.
   */
  threadContextWeight: number;
}

/** Tuned on bench/memory-eval's dev set only; see ADR 0022 for the table. */
export const defaultFusionSettings: FusionSettings = {
  vectorWeight: 0.5,
  similarityFloor: 0.1,
  pinnedBoost: 0.1,
  recencyBoost: 0.02,
  recencyHalfLifeDays: 30,
  timeBoost: 0.2,
  unknownNameFactor: 0.5,
  threadContextWeight: 0.4,
};

/** What one candidate brought from the lists. */
export interface CandidateSignals {
  /** Raw cosine similarity; null when no vector list was searched. */
  similarity: number | null;
  /** Lexical score in 0…1; null when no lexical list was searched. */
  lexical: number | null;
  pinned: boolean;
  /** When what the item records happened (or, without that, when it was stored). */
  occurredAt: Date;
  /** Whether it happened in the query's time window; null when the query names no time. */
  inWindow: boolean | null;
  /** Names the query uses that no visible memory holds (empty or absent: none). */
  unknownNames?: readonly string[];
  /** Raw cosine similarity of the query and the mean vector of the item's thread; absent or null: no thread context. */
  threadSimilarity?: number | null;
}

const dayMs = 86_400_000;

/** The hit's parts and score (relevance plus boosts). */
export function fuseScore(signals: CandidateSignals, now: Date, settings: FusionSettings = defaultFusionSettings): { score: number; parts: MemoryScoreParts } {
  const unknownNames = signals.unknownNames ?? [];
  const nameFactor = unknownNames.length > 0 ? settings.unknownNameFactor : 1;
  const relevance = relevanceOf(signals, settings) * nameFactor;
  const relevant = relevance > 0;
  const ageDays = Math.max(0, (now.getTime() - signals.occurredAt.getTime()) / dayMs);
  const parts: MemoryScoreParts = {
    similarity: signals.similarity,
    lexical: signals.lexical,
    relevance,
    evidence: evidenceOf(signals, settings) * nameFactor,
    pinned: relevant && signals.pinned ? settings.pinnedBoost : 0,
    recency: relevant ? settings.recencyBoost * 0.5 ** (ageDays / settings.recencyHalfLifeDays) : 0,
    time: relevant && signals.inWindow === true ? settings.timeBoost : 0,
    ...(unknownNames.length > 0 ? { unknownNames: [...unknownNames] } : {}),
    ...(typeof signals.threadSimilarity === 'number' ? { threadSimilarity: signals.threadSimilarity } : {}),
  };
  return { score: parts.relevance + parts.pinned + parts.recency + parts.time, parts };
}

/**
 * The convex blend of the lists that were searched; one list alone stands for itself. The semantic
 * side mixes in the item's thread similarity (calibrated the same way) when it has one.
 */
export function relevanceOf(
  signals: Pick<CandidateSignals, 'similarity' | 'lexical' | 'threadSimilarity'>,
  settings: FusionSettings = defaultFusionSettings,
): number {
  const own = signals.similarity === null ? null : calibratedSimilarity(signals.similarity, settings);
  const thread = typeof signals.threadSimilarity === 'number' ? calibratedSimilarity(signals.threadSimilarity, settings) : null;
  const semantic = own === null || thread === null ? own : (1 - settings.threadContextWeight) * own + settings.threadContextWeight * thread;
  const lexical = signals.lexical === null ? null : clamp(signals.lexical);
  if (semantic === null) return lexical ?? 0;
  if (lexical === null) return semantic;
  return settings.vectorWeight * semantic + (1 - settings.vectorWeight) * lexical;
}

/**
 * The abstention signal (ADR 0061): the stronger of the two lists' calibrated scores (the item's own
 * similarity: thread context orders, it is not evidence that this item answers). The blend
 * averages a strong paraphrase match (high similarity, no shared word) down with its empty lexical
 * score, so "is anything here about this?" is asked of the better list, not of the average; the
 * order stays on the blend, which ranks better.
 */
export function evidenceOf(signals: Pick<CandidateSignals, 'similarity' | 'lexical'>, settings: FusionSettings = defaultFusionSettings): number {
  const semantic = signals.similarity === null ? 0 : calibratedSimilarity(signals.similarity, settings);
  const lexical = signals.lexical === null ? 0 : clamp(signals.lexical);
  return Math.max(semantic, lexical);
}

/** A cosine similarity read against the embedder's "unrelated" floor, in 0…1. */
function calibratedSimilarity(similarity: number, settings: FusionSettings): number {
  return clamp((similarity - settings.similarityFloor) / (1 - settings.similarityFloor));
}

/** Highest score first; equal scores newest first, then by id so the order is stable. */
export function compareHits(
  left: { score: number; occurredAt: Date; id: string },
  right: { score: number; occurredAt: Date; id: string },
): number {
  return right.score - left.score || right.occurredAt.getTime() - left.occurredAt.getTime() || right.id.localeCompare(left.id);
}

function clamp(value: number): number {
  return Math.min(1, Math.max(0, value));
}
