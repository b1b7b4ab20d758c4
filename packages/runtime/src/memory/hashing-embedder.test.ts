import { describe, expect, it } from 'vitest';

import { HashingEmbedder } from './hashing-embedder';

const cosine = (left: number[], right: number[]) => left.reduce((sum, value, index) => sum + value * (right[index] ?? 0), 0);

describe('HashingEmbedder', () => {
  const embedder = new HashingEmbedder();

  it('returns 384-dimensional unit vectors, deterministically', async () => {
    const [first, second] = await embedder.embed(['The deploy window is Tuesday', 'The deploy window is Tuesday']);
    expect(first).toHaveLength(384);
    expect(cosine(first!, first!)).toBeCloseTo(1, 6);
    expect(first).toEqual(second);
  });

  it('scores shared words and word pieces above unrelated text', () => {
    const query = embedder.embedOne('when is the deployment window?');
    const related = embedder.embedOne('The deploy window is Tuesday at 14:00 UTC');
    const unrelated = embedder.embedOne('Coffee machine is on floor three');
    expect(cosine(query, related)).toBeGreaterThan(cosine(query, unrelated) + 0.2);
  });

  it('embeds text without content words as the zero vector and an empty batch as nothing', async () => {
    expect(embedder.embedOne('the of and').every((value) => value === 0)).toBe(true);
    expect(await embedder.embed([])).toEqual([]);
  });
});
