import type { Checkpoint } from '../checkpoint/checkpoint-schema';
import type { JsonObject, JsonValue } from './json';
import type { Plan } from './plan';
import type { RuntimeEvent } from './events';

/**
 * Ports the platform implements (Postgres) with in-memory reference versions in `./testing`.
 * None of them mentions a transaction: a host that needs one wraps the calls itself.
 */

/** Stores checkpoints per run, ordered by step. */
export interface CheckpointStore {
  /** Saves a checkpoint. Saving the same (instanceId, step) again replaces it. */
  save(checkpoint: Checkpoint): Promise<void>;
  /** The checkpoint with the highest step for the run, or null. Returns a value the caller may not mutate into the store. */
  latest(instanceId: string): Promise<Checkpoint | null>;
  /** A checkpoint by step, or null. */
  get(instanceId: string, step: number): Promise<Checkpoint | null>;
  /** Steps stored for the run, ascending. */
  list(instanceId: string): Promise<number[]>;
}

/** A persisted event with its per-run sequence number. */
export type StoredEvent = RuntimeEvent;

/** Append-only run event log. */
export interface EventSink {
  /**
   * Appends events in order. Sequence numbers must be strictly increasing per run; an event whose
   * `sequence` is already stored for the run is ignored (idempotent replay of a step).
   */
  append(events: readonly RuntimeEvent[]): Promise<void>;
  /** Events of a run with sequence greater than `afterSequence` (default: all), ascending, at most `limit`. */
  read(instanceId: string, options?: { afterSequence?: number; limit?: number }): Promise<StoredEvent[]>;
}

/** Who a memory belongs to. Absent fields mean "not scoped to that level". */
export interface MemoryScope {
  tenantId: string;
  agentId?: string;
  threadId?: string;
  userId?: string;
}

export type MemoryKind = 'fact' | 'episode' | 'document' | 'procedure';

export interface NewMemoryItem {
  scope: MemoryScope;
  kind: MemoryKind;
  content: string;
  /** Storing again with the same key in the same scope supersedes the earlier item. */
  key?: string;
  metadata?: JsonObject;
  /** When what the item records happened (ISO 8601); defaults to when it was stored. Time-aware search reads it. */
  occurredAt?: string;
}

export interface MemoryItem extends NewMemoryItem {
  id: string;
  createdAt: string;
  /** When what the item records happened (ISO), where known; otherwise `createdAt` stands for it. */
  occurredAt?: string;
}

export interface MemorySearchQuery {
  scope: MemoryScope;
  text: string;
  /** Default 5. */
  limit?: number;
  kinds?: MemoryKind[];
  /**
   * The reference date (ISO 8601) for time expressions in `text` ("last week", "in March") and for
   * recency; default now. Runs pass their own time so replays read the same window.
   */
  now?: string;
}

/**
 * Why a hit scored what it did. Every part is an absolute value of this item and query, never
 * divided by the best hit, so a threshold on `relevance` can reject everything.
 */
export interface MemoryScoreParts {
  /** Raw cosine similarity of the query and item vectors; null when no vector list was searched. */
  similarity: number | null;
  /** Lexical score in 0…1 (BM25 share of the query's term weight); null when no lexical list was searched. */
  lexical: number | null;
  /** The calibrated blend of the two in 0…1: what the port's own minimum compares, and the order's base. */
  relevance: number;
  /**
   * How strongly the better of the two lists says this memory answers the query, in 0…1: the larger
   * of the calibrated similarity and the lexical score, scaled down like `relevance` when the query
   * names something no memory holds. What abstention and injection thresholds compare (ADR 0061);
   * it never orders hits. Absent from records made before it existed.
   */
  evidence?: number;
  /** Added for a pinned item (0 when not pinned). */
  pinned: number;
  /** Added for a recent item: ties and near-duplicates rank newest first. */
  recency: number;
  /** Added when the item happened in the time the query names (0 when it names none). */
  time: number;
  /**
   * Names the query uses that no memory the caller may see holds; present only when there are some,
   * and then `relevance` is already scaled down by the fusion's unknown-name factor (ADR 0054).
   */
  unknownNames?: string[];
  /**
   * Raw cosine similarity of the query and the mean vector of the item's thread (its conversation's
   * items); present only when the item has a thread and the search compared vectors, and then the
   * semantic side of `relevance` mixes it in (fusion's `threadContextWeight`, ADR 0065). `evidence`
   * stays on the item's own similarity.
   */
  threadSimilarity?: number;
}

export interface MemoryHit {
  item: MemoryItem;
  /** Higher is better: relevance plus the boosts in `parts`; the order of the hits. */
  score: number;
  /** The score's parts, where the port can tell them (the reference and Postgres ports do). */
  parts?: MemoryScoreParts;
}

/** Long-term memory. Searches only see items whose scope matches every field set in the query's scope. */
export interface MemoryPort {
  search(query: MemorySearchQuery): Promise<MemoryHit[]>;
  /** Stores an item, superseding an item with the same scope and key. */
  store(item: NewMemoryItem): Promise<{ id: string }>;
  /** Removes an item; returns false when it did not exist. */
  forget(id: string): Promise<boolean>;
}

/**
 * Where tool state is saved the moment a handler changes it (optional; without one, the checkpoint at
 * the end of the step is the only record). Failures surface as `ToolStatePersistenceError`.
 */
export interface ToolStateStore {
  savePlan(instanceId: string, plan: Plan): Promise<void>;
  saveInvocationState(instanceId: string, callId: string, state: Record<string, JsonValue>): Promise<void>;
}
