import { describe, expect, it } from 'vitest';

import { parseEmbedderSetting } from './embedder-setting';

describe('parseEmbedderSetting', () => {
  it('defaults to the semantic offline embedder and accepts the recorded ids as names', () => {
    expect(parseEmbedderSetting({})).toEqual({ provider: 'use-lite' });
    expect(parseEmbedderSetting({ embedder: 'use-lite/v1' })).toEqual({ provider: 'use-lite' });
    expect(parseEmbedderSetting({ embedder: 'hashing-ngram/v1' })).toEqual({ provider: 'hashing' });
  });

  it('builds transformers and remote configs, with their dimension', () => {
    expect(parseEmbedderSetting({ embedder: 'transformers', modelDirectory: '/models/all-MiniLM-L6-v2', dimension: '384' })).toEqual({
      provider: 'transformers',
      modelDirectory: '/models/all-MiniLM-L6-v2',
      dimension: 384,
    });
    expect(parseEmbedderSetting({ embedder: 'openai-compatible:nomic-embed-text', dimension: '768', baseUrl: 'http://127.0.0.1:11434/v1' })).toEqual({
      provider: 'openai-compatible',
      model: 'nomic-embed-text',
      dimension: 768,
      baseURL: 'http://127.0.0.1:11434/v1',
    });
  });

  it('names the variable at fault', () => {
    expect(() => parseEmbedderSetting({ embedder: 'word2vec' })).toThrow(expect.objectContaining({ kind: 'validation', field: 'AGENTLOOM_EMBEDDER' }));
    expect(() => parseEmbedderSetting({ embedder: 'openai:text-embedding-3-small' })).toThrow(
      expect.objectContaining({ field: 'AGENTLOOM_EMBEDDER_DIMENSION' }),
    );
    expect(() => parseEmbedderSetting({ embedder: 'transformers', dimension: '384' })).toThrow(expect.objectContaining({ field: 'AGENTLOOM_EMBEDDER_MODEL_DIR' }));
    expect(() => parseEmbedderSetting({ embedder: 'openai-compatible:nomic', dimension: '768' })).toThrow(expect.objectContaining({ field: 'AGENTLOOM_EMBEDDER_BASE_URL' }));
  });
});
