/**
 * Deterministic synthetic memories: sentences over a few thousand pseudo-words with a skewed
 * (Zipf-like) distribution, so some words are common and full-text and vector both have work to do.
 */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const syllables = ['ka', 'lo', 'mi', 'ne', 'tru', 'vas', 'por', 'din', 'sel', 'fa', 'gor', 'hu', 'bri', 'zen', 'qua', 'ret'];

export function vocabulary(size: number, random: () => number): string[] {
  const words = new Set<string>();
  while (words.size < size) {
    const length = 2 + Math.floor(random() * 2);
    words.add(Array.from({ length }, () => syllables[Math.floor(random() * syllables.length)]).join(''));
  }
  return [...words];
}

export function sentence(words: readonly string[], random: () => number, length: number): string {
  return Array.from({ length }, () => words[Math.floor(words.length * random() ** 2)]!).join(' ');
}

/** A query made from an item: about half its words kept, plus two random ones. */
export function queryFrom(content: string, words: readonly string[], random: () => number): string {
  const kept = content.split(' ').filter(() => random() < 0.5);
  return [...kept, words[Math.floor(random() * words.length)]!, words[Math.floor(random() * words.length)]!].join(' ');
}
