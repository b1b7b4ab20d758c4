import { describe, expect, it } from 'vitest';

import { AiSdkEmbedder } from './ai-sdk-embedder';

/** An OpenAI-shaped embeddings endpoint in a fetch function: no network. */
function embeddingsFetch(vectors: number[][], requests: unknown[]): typeof globalThis.fetch {
  return (_url, init) => {
    requests.push(JSON.parse(init?.body as string));
    const body = {
      object: 'list',
      data: vectors.map((embedding, index) => ({ object: 'embedding', index, embedding })),
      model: 'test',
      usage: { prompt_tokens: 3, total_tokens: 3 },
    };
    return Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }));
  };
}

describe('AiSdkEmbedder', () => {
  it('sends the texts to the embeddings endpoint and returns normalized vectors', async () => {
    const requests: unknown[] = [];
    const embedder = new AiSdkEmbedder(
      { provider: 'openai', model: 'text-embedding-3-small', dimension: 2, apiKey: 'test' },
      embeddingsFetch(
        [
          [3, 4],
          [0, 2],
        ],
        requests,
      ),
    );
    expect(embedder.id).toBe('openai:text-embedding-3-small');
    const [first, second] = await embedder.embed(['first', 'second']);
    expect(first![0]).toBeCloseTo(0.6, 9);
    expect(first![1]).toBeCloseTo(0.8, 9);
    expect(second).toEqual([0, 1]);
    expect(requests[0]).toMatchObject({ model: 'text-embedding-3-small', input: ['first', 'second'] });
  });

  it('rejects vectors whose length differs from the configured dimension', async () => {
    const embedder = new AiSdkEmbedder(
      { provider: 'openai-compatible', model: 'nomic', dimension: 3, baseURL: 'http://127.0.0.1:1/v1' },
      embeddingsFetch([[1, 0]], []),
    );
    await expect(embedder.embed(['text'])).rejects.toThrow(/returned 2 dimensions; configured 3/);
  });
});
