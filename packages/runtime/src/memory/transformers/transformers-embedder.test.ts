import { describe, expect, it } from 'vitest';

import { TransformersEmbedder } from './transformers-embedder';

const embedderFor = (modelDirectory: string) => new TransformersEmbedder({ provider: 'transformers', modelDirectory, dimension: 384 }, 'unused');

describe('TransformersEmbedder id', () => {
  it('tells apart two models whose directories share a name', () => {
    // `/models/v1/embedder` → `/models/v2/embedder`: with the name alone, memory:reembed saw nothing to move.
    expect(embedderFor('/models/v1/embedder').id).not.toBe(embedderFor('/models/v2/embedder').id);
  });

  it('is the same for every spelling of one directory, so console, worker and memory:reembed agree', () => {
    expect(embedderFor('/models/v1/embedder/').id).toBe(embedderFor('/models/v1/../v1/embedder').id);
    expect(embedderFor('/models/v1/embedder').id).toBe('transformers:/models/v1/embedder');
  });
});
