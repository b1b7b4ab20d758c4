import { mkdtemp, readdir, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { selectEmbedder } from '../create-embedder';
import { UseLiteEmbedder } from './use-lite-embedder';
import { locateUseLite } from './use-lite-packages';

const cosine = (left: number[], right: number[]) => left.reduce((sum, value, index) => sum + value * (right[index] ?? 0), 0);

const location = locateUseLite();
if (!location.found) throw new Error(`The use-lite packages are optional dependencies of @agentloom/runtime and must be installed for this test: ${location.reason}`);
// One worker for the whole file: the model loads once (≈ 1 s of CPU).
const embedder = new UseLiteEmbedder(location.packages);
afterAll(() => embedder.close());

describe('UseLiteEmbedder (worker thread)', () => {
  it('loads lazily and returns 512-dimensional unit vectors', async () => {
    expect(new UseLiteEmbedder(location.packages).status).toEqual({ state: 'not-loaded' });
    const [vector] = await embedder.embed(['The deploy window is Tuesday afternoon']);
    expect(vector).toHaveLength(512);
    expect(cosine(vector!, vector!)).toBeCloseTo(1, 5);
    expect(embedder.status).toEqual({ state: 'ready' });
  });

  it('matches paraphrases that share no content word, which the lexical embedder cannot', async () => {
    const [query, paraphrase, unrelated] = await embedder.embed([
      'When are we allowed to ship to production?',
      'The deploy window is Tuesday afternoon',
      'The cafeteria closes at noon on Fridays',
    ]);
    expect(cosine(query!, paraphrase!)).toBeGreaterThan(cosine(query!, unrelated!) + 0.1);
  });

  it('answers concurrent calls in order, each with the vectors it would get alone', async () => {
    const texts = ['alpha release notes', 'the staging cluster lives in Frankfurt', 'Maria owns the on-call rota', 'lunch is at noon'];
    const alone = [];
    for (const text of texts) alone.push((await embedder.embed([text]))[0]!);
    const together = await Promise.all([embedder.embed([texts[0]!, texts[1]!]), embedder.embed([texts[2]!]), embedder.embed([texts[3]!])]);
    const merged = together.flat();
    expect(merged).toHaveLength(4);
    for (const [index, vector] of merged.entries()) expect(cosine(vector, alone[index]!)).toBeCloseTo(1, 4);
  });

  it('embeds nothing for an empty batch and refuses an aborted signal', async () => {
    expect(await embedder.embed([])).toEqual([]);
    await expect(embedder.embed(['text'], AbortSignal.abort())).rejects.toMatchObject({ kind: 'aborted' });
  });
});

describe('selectEmbedder', () => {
  it('picks use-lite when its packages are installed, and says it is semantic', () => {
    const selection = selectEmbedder({ provider: 'use-lite' });
    expect(selection.embedder.id).toBe('use-lite/v1');
    expect(selection).toMatchObject({ requested: 'use-lite', semantic: true, fallbackReason: null });
  });

  it('falls back to the lexical embedder with a reason when the packages are missing', () => {
    const reasons: string[] = [];
    const selection = selectEmbedder({ provider: 'use-lite' }, { useLiteResolveFrom: ['/nonexistent/package.json'], onFallback: (reason) => reasons.push(reason) });
    expect(selection.embedder.id).toBe('hashing-ngram/v1');
    expect(selection.semantic).toBe(false);
    expect(selection.fallbackReason).toMatch(/use-lite\/v1 is unavailable: the optional packages @energetic-ai\/embeddings/);
    expect(reasons).toEqual([selection.fallbackReason]);
  });

  it('falls back when a transformers model directory is incomplete', () => {
    const selection = selectEmbedder({ provider: 'transformers', modelDirectory: '/nonexistent/all-MiniLM-L6-v2', dimension: 384 });
    expect(selection.embedder.id).toBe('hashing-ngram/v1');
    expect(selection.fallbackReason).toMatch(/lacks config\.json, tokenizer\.json, onnx\/\*\.onnx/);
  });

  it('defaults to the lexical embedder when nothing is configured', () => {
    expect(selectEmbedder(undefined)).toMatchObject({ requested: 'hashing', semantic: false, fallbackReason: null });
  });
});

describe('UseLiteEmbedder after a failed load', () => {
  // A model directory that is empty at first and complete later: the load failure must not stick.
  it.each(['worker', 'main'] as const)('loads again on the next embed (%s thread)', async (thread) => {
    const directory = await mkdtemp(join(tmpdir(), 'use-lite-retry-'));
    const retrying = new UseLiteEmbedder({ ...location.packages, modelDirectory: directory }, { thread });
    try {
      await expect(retrying.embed(['first try'])).rejects.toMatchObject({ kind: 'model-call-failed' });
      expect(retrying.status.state).toBe('failed');
      for (const file of await readdir(location.packages.modelDirectory)) await symlink(join(location.packages.modelDirectory, file), join(directory, file));
      const [vector] = await retrying.embed(['second try']);
      expect(vector).toHaveLength(512);
      expect(retrying.status).toEqual({ state: 'ready' });
    } finally {
      await retrying.close();
      await rm(directory, { recursive: true, force: true });
    }
  });
});
