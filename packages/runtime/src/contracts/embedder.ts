/**
 * Turns texts into vectors for memory search. Vectors of different embedders are never compared:
 * the host records `id` and `dimension` with every vector and searches only vectors of the same id.
 */
export interface Embedder {
  /** Stable, versioned id recorded with every vector, e.g. `hashing-ngram/v1` or `openai:text-embedding-3-small`. */
  readonly id: string;
  /** Length of every vector `embed` returns. */
  readonly dimension: number;
  /**
   * One vector per text, in the same order, each L2-normalized (so cosine similarity is a dot
   * product). An empty input returns an empty array without any work. Honours `signal`.
   */
  embed(texts: readonly string[], signal?: AbortSignal): Promise<number[][]>;
  /** Releases what a local model holds (a worker thread); a later `embed` may start it again. */
  close?(): Promise<void>;
}
