import type { Database, Prisma } from '@agentloom/db';
import {
  defaultFusionSettings,
  type Embedder,
  type FusionSettings,
  type MemoryHit,
  type MemoryPort,
  type MemorySearchQuery,
  type NewMemoryItem,
} from '@agentloom/runtime';

import { isZeroVector } from './embedding-rows';
import { forgetMemoryItem } from './forget-memory-item';
import { searchMemory, type RetrievalMode, type WindowedSearchQuery } from './search-memory';
import { insertMemoryItem, storeMemoryItem, type StoreMemoryInput, type StoredMemoryItem } from './store-memory-item';
import { VectorScanChoice } from './vector-scan-choice';
import { ensureDimensionIndex } from './vector-sql';

export interface PrismaMemoryPortOptions {
  embedder: Embedder;
  /** Vector neighbours below this cosine similarity are ignored. Default 0.15 (tuned on bench/memory-eval for the hashing embedder). */
  minVectorSimilarity?: number;
  /**
   * Hits below this relevance (the calibrated blend of lexical and vector scores, 0…1) are not
   * returned, so a question about something never stored comes back empty. Default 0.1 (ADR 0022).
   */
  minRelevance?: number;
  /** Weights of the fused score; default `defaultFusionSettings`. */
  fusion?: Partial<FusionSettings>;
  /** Tenants with at most this many vectors (per dimension) are searched exactly; larger ones through HNSW. Default 20,000. */
  exactScanLimit?: number;
}

/** Default minimum relevance of a returned hit (tuned for abstention on bench/memory-eval, ADR 0022). */
export const defaultMinRelevance = 0.1;

/**
 * The runtime's MemoryPort on Postgres: items in `memory_items` (full-text by trigger), vectors in
 * `agentloom_vector.memory_embedding` where pgvector exists, hybrid search by score fusion (BM25
 * and cosine similarity blended, with pin, recency and time boosts; ADR 0022).
 */
export class PrismaMemoryPort implements MemoryPort {
  private readonly indexedDimensions = new Set<number>();
  private readonly minVectorSimilarity: number;
  private readonly minRelevance: number;
  private readonly fusion: FusionSettings;
  private readonly scanChoice: VectorScanChoice;

  constructor(
    private readonly database: Database,
    private readonly options: PrismaMemoryPortOptions,
  ) {
    this.minVectorSimilarity = options.minVectorSimilarity ?? 0.15;
    this.minRelevance = options.minRelevance ?? defaultMinRelevance;
    this.fusion = { ...defaultFusionSettings, ...options.fusion };
    this.scanChoice = new VectorScanChoice(options.exactScanLimit ?? 20_000);
  }

  get embedder(): Embedder {
    return this.options.embedder;
  }

  search(query: MemorySearchQuery): Promise<MemoryHit[]> {
    return this.searchWith(query, 'hybrid');
  }

  /**
   * The nearest items whatever their relevance (any shared word or similarity above the vector
   * floor): for comparing a new fact with what exists (extraction, memory_store's neighbours), where
   * the abstention threshold of `search` would hide the very item a changed fact should replace.
   */
  nearest(query: MemorySearchQuery): Promise<MemoryHit[]> {
    return this.searchWith(query, 'hybrid', Number.MIN_VALUE);
  }

  /** Search with one retrieval list alone or both fused, optionally only within a time window. */
  searchWith(query: WindowedSearchQuery, mode: RetrievalMode, minRelevance = this.minRelevance): Promise<MemoryHit[]> {
    return searchMemory(
      this.database,
      {
        embedder: this.options.embedder,
        minVectorSimilarity: this.minVectorSimilarity,
        minRelevance,
        fusion: this.fusion,
        scanChoice: this.scanChoice,
      },
      query,
      mode,
    );
  }

  async store(item: NewMemoryItem): Promise<{ id: string }> {
    const { id } = await this.storeItem(item);
    return { id };
  }

  /** Stores with the platform's extra fields (pin, expiry, source run); reports what it superseded. */
  async storeItem(input: StoreMemoryInput): Promise<StoredMemoryItem> {
    const embedding = await this.embed(input.content);
    const stored = await storeMemoryItem(this.database.prisma, input, embedding);
    this.scanChoice.forget(input.scope.tenantId);
    return stored;
  }

  /**
   * Stores the items in one transaction, but only when `guard` — run first in that transaction —
   * returns true; then `after` runs in the same transaction (a flag cleared, a job created). The
   * vectors are computed before the transaction opens (the embedder may be remote). Returns the
   * stored items, or null when the guard refused and nothing was written.
   */
  async storeItemsIf(
    inputs: readonly StoreMemoryInput[],
    guard: (transaction: Prisma.TransactionClient) => Promise<boolean>,
    after?: (transaction: Prisma.TransactionClient) => Promise<unknown>,
  ): Promise<StoredMemoryItem[] | null> {
    const embeddings = await Promise.all(inputs.map((input) => this.embed(input.content)));
    const stored = await this.database.prisma.$transaction(async (transaction) => {
      if (!(await guard(transaction))) return null;
      const items: StoredMemoryItem[] = [];
      for (const [index, input] of inputs.entries()) items.push(await insertMemoryItem(transaction, input, embeddings[index] ?? null));
      await after?.(transaction);
      return items;
    });
    for (const input of inputs) this.scanChoice.forget(input.scope.tenantId);
    return stored;
  }

  /** Forgets the item and, when it is the live one of a key, its history (never resurrects an older value). */
  forget(id: string): Promise<boolean> {
    return this.forgetIn(id);
  }

  /** `forget`, but only an item of this tenant: what a run's port may reach (the run's tenant, never another). */
  async forgetIn(id: string, tenantId?: string): Promise<boolean> {
    // Vector rows cascade from the item (ADR 0003).
    const result = await this.database.prisma.$transaction((transaction) => forgetMemoryItem(transaction, { id, ...(tenantId ? { tenantId } : {}) }));
    return result.forgotten;
  }

  /** The item's vector, or null where pgvector is missing or the text has no content words. */
  async embed(text: string): Promise<{ embedderId: string; vector: number[] } | null> {
    if (!this.database.vector.available) return null;
    const [vector] = await this.options.embedder.embed([text]);
    if (!vector || isZeroVector(vector)) return null;
    await this.ensureIndex(vector.length);
    return { embedderId: this.options.embedder.id, vector };
  }

  private async ensureIndex(dimension: number): Promise<void> {
    if (this.indexedDimensions.has(dimension)) return;
    await ensureDimensionIndex(this.database.sql, dimension);
    this.indexedDimensions.add(dimension);
  }
}
