/**
 * 32-bit FNV-1a over UTF-16 code units with a seed mixed in first. Fast, dependency-free and
 * stable across processes and versions, which is what feature hashing needs (vectors written
 * today must match queries embedded next year).
 */
export function fnv1a(text: string, seed: number): number {
  let hash = (0x811c9dc5 ^ seed) >>> 0;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** Normalizes in place to unit length; the zero vector stays zero. */
export function normalizeInPlace(vector: number[]): number[] {
  let sum = 0;
  for (const value of vector) sum += value * value;
  if (sum === 0) return vector;
  const scale = 1 / Math.sqrt(sum);
  for (let index = 0; index < vector.length; index += 1) vector[index] = vector[index]! * scale;
  return vector;
}
