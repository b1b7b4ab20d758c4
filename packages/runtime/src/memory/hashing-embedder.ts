import type { Embedder } from '../contracts/embedder';
import { fnv1a, normalizeInPlace } from './feature-hash';
import { textFeatures } from './text-features';

/**
 * The offline default embedder: signed feature hashing of word unigrams, bigrams and character
 * 3–5-grams into 384 dimensions, L2-normalized. It needs no network and no model, and is honest
 * about what it is — lexical similarity (shared words and word pieces), not semantic: "car" and
 * "automobile" do not match. Configure a model embedder for paraphrase-level recall.
 */
export class HashingEmbedder implements Embedder {
  readonly id = 'hashing-ngram/v1';
  readonly dimension = 384;

  embed(texts: readonly string[]): Promise<number[][]> {
    return Promise.resolve(texts.map((text) => this.embedOne(text)));
  }

  /** Synchronous form for hosts that embed on a hot path (bench, eval). */
  embedOne(text: string): number[] {
    const vector = new Array<number>(this.dimension).fill(0);
    for (const { feature, weight } of textFeatures(text)) {
      const hash = fnv1a(feature, 0);
      // A second, independent bit decides the sign, so collisions cancel out on average instead of piling up.
      const sign = (fnv1a(feature, 0x9e3779b9) & 1) === 0 ? 1 : -1;
      const slot = hash % this.dimension;
      vector[slot] = (vector[slot] ?? 0) + sign * weight;
    }
    return normalizeInPlace(vector);
  }
}
