import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

import type { UseLitePackages } from './use-lite-packages';

/** The loaded model: texts in, 512-dimensional vectors out (in order). */
export interface UseLiteModel {
  embed(texts: string[]): Promise<number[][]>;
}

interface EnergeticCore {
  loadGraphModel(url: string): Promise<unknown>;
}
interface EnergeticEmbeddings {
  initModel(this: void, source: () => Promise<{ model: unknown; vocabulary: unknown }>): Promise<UseLiteModel>;
}

/**
 * Loads the model on the calling thread (the worker thread does the same in its own source). The
 * model is read from `model.json` by file URL, never from the network.
 */
export async function loadUseLiteModel(packages: UseLitePackages): Promise<UseLiteModel> {
  const require = createRequire(import.meta.url.startsWith('file:') ? import.meta.url : join(process.cwd(), 'package.json'));
  const core = require(packages.core) as EnergeticCore;
  const { initModel } = require(packages.embeddings) as EnergeticEmbeddings;
  const modelUrl = pathToFileURL(join(packages.modelDirectory, 'model.json')).href;
  return initModel(async () => {
    const [model, vocabulary] = await Promise.all([
      core.loadGraphModel(modelUrl),
      readFile(join(packages.modelDirectory, 'vocab.json'), 'utf-8').then((text) => JSON.parse(text) as unknown),
    ]);
    return { model, vocabulary };
  });
}
