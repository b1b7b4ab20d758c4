import type { RawSql } from '@agentloom/db';

import { checkedDimension } from './vector-sql';

/** How the nearest vectors are found: an exact scan of the tenant's vectors, or the HNSW index. */
export type VectorScan = 'exact' | 'index';

export interface VectorScanPlan {
  scan: VectorScan;
  /** The tenant's vectors of this dimension, exact up to the exact-scan limit (counting stops just above it). */
  vectors: number;
}

const countTtlMs = 60_000;

/**
 * Chooses exact or HNSW per tenant and dimension. A tenant filter keeps a small share of a shared
 * HNSW graph, and with many near-ties (lexical embeddings) the filtered index scan lost half of the
 * true top 10 at 100k items (bench/memory-search); an exact scan of the tenant's own vectors is
 * exact and, up to `exactScanLimit` vectors, about as fast. Above it the index keeps latency flat.
 * Counts are capped (an index-only count stops at the limit) and cached for a minute.
 */
export class VectorScanChoice {
  private readonly counts = new Map<string, { vectors: number; at: number }>();

  constructor(private readonly exactScanLimit: number) {}

  async planFor(sql: RawSql, tenantId: string, dimension: number): Promise<VectorScanPlan> {
    const key = `${tenantId}:${dimension}`;
    const cached = this.counts.get(key);
    const vectors = cached && Date.now() - cached.at < countTtlMs ? cached.vectors : await this.count(sql, key, tenantId, dimension);
    return { scan: vectors <= this.exactScanLimit ? 'exact' : 'index', vectors };
  }

  /**
   * A store changed the tenant's count. Below the limit the count also decides whether a search
   * repeats over all neighbours, so it must not go stale; above it, one more item changes nothing.
   */
  forget(tenantId: string): void {
    for (const [key, cached] of this.counts) if (key.startsWith(`${tenantId}:`) && cached.vectors <= this.exactScanLimit) this.counts.delete(key);
  }

  private async count(sql: RawSql, key: string, tenantId: string, dimension: number): Promise<number> {
    const [row] = await sql.query<{ vectors: number }>(
      `SELECT count(*)::int AS vectors FROM (
         SELECT 1 FROM agentloom_vector.memory_embedding WHERE tenant_id = $1::uuid AND dimension = ${checkedDimension(dimension)} LIMIT $2) capped`,
      tenantId,
      this.exactScanLimit + 1,
    );
    const vectors = row?.vectors ?? 0;
    this.counts.set(key, { vectors, at: Date.now() });
    return vectors;
  }
}
