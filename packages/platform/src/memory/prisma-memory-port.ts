import type { Database } from '@agentloom/db';
import type { Embedder, MemoryHit, MemoryPort, MemorySearchQuery, NewMemoryItem } from '@agentloom/runtime';

import { isZeroVector } from './embedding-rows';
import { forgetMemoryItem } from './forget-memory-item';
import { searchMemory, type RetrievalMode } from './search-memory';
import { storeMemoryItem, type StoreMemoryInput, type StoredMemoryItem } from './store-memory-item';
import { VectorScanChoice } from './vector-scan-choice';
import { ensureDimensionIndex } from './vector-sql';

export interface PrismaMemoryPortOptions {
  embedder: Embedder;
  /** Vector neighbours below this cosine similarity are ignored. Default 0.15 (tuned on bench/memory-eval for the hashing embedder). */
  minVectorSimilarity?: number;
  /** Tenants with at most this many vectors (per dimension) are searched exactly; larger ones through HNSW. Default 20,000. */
  exactScanLimit?: number;
}

/**
 * The runtime's MemoryPort on Postgres: items in `memory_items` (full-text by trigger), vectors in
 * `agentloom_vector.memory_embedding` where pgvector exists, hybrid search fused by reciprocal rank.
 */
export class PrismaMemoryPort implements MemoryPort {
  private readonly indexedDimensions = new Set<number>();
  private readonly minVectorSimilarity: number;
  private readonly scanChoice: VectorScanChoice;

  constructor(
    private readonly database: Database,
    private readonly options: PrismaMemoryPortOptions,
  ) {
    this.minVectorSimilarity = options.minVectorSimilarity ?? 0.15;
    this.scanChoice = new VectorScanChoice(options.exactScanLimit ?? 20_000);
  }

  get embedder(): Embedder {
    return this.options.embedder;
  }

  search(query: MemorySearchQuery): Promise<MemoryHit[]> {
    return this.searchWith(query, 'hybrid');
  }

  /** Search with one retrieval list alone or both fused. */
  searchWith(query: MemorySearchQuery, mode: RetrievalMode): Promise<MemoryHit[]> {
    return searchMemory(
      this.database,
      { embedder: this.options.embedder, minVectorSimilarity: this.minVectorSimilarity, scanChoice: this.scanChoice },
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

  /** Forgets the item and, when it is the live one of a key, its history (never resurrects an older value). */
  async forget(id: string): Promise<boolean> {
    // Vector rows cascade from the item (ADR 0003).
    const result = await this.database.prisma.$transaction((transaction) => forgetMemoryItem(transaction, { id }));
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
