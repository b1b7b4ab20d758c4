import { basename, dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

import type { Embedder } from '../../contracts/embedder';
import { AbortedError, ModelCallFailedError } from '../../errors';
import { normalizeInPlace } from '../feature-hash';
import type { TransformersEmbedderConfig } from '../memory-embedder-config';
import type { EmbedderLoadState } from '../use-lite/use-lite-embedder';

/** The slice of transformers.js this embedder uses. */
interface TransformersModule {
  env: { allowRemoteModels: boolean; allowLocalModels: boolean; localModelPath: string };
  pipeline(
    task: 'feature-extraction',
    model: string,
    options: { local_files_only: boolean },
  ): Promise<(texts: string[], options: { pooling: 'mean' | 'cls'; normalize: boolean }) => Promise<{ tolist(): number[][] }>>;
}
type Extractor = Awaited<ReturnType<TransformersModule['pipeline']>>;

/**
 * A sentence-embedding model the operator placed on disk (e.g. all-MiniLM-L6-v2 or bge-small in
 * ONNX), run by transformers.js on onnxruntime-node. Remote model downloads are switched off: the
 * directory is all it reads. ONNX Runtime runs inference on its own native threads, so the event
 * loop only carries tokenization. The id is the model directory's absolute path (ADR 0021): its
 * name alone (`embedder`, `onnx-model`) is shared by models in other directories, and a shared id
 * makes search compare a query with another model's vectors and `memory:reembed` skip them.
 */
export class TransformersEmbedder implements Embedder {
  readonly id: string;
  readonly dimension: number;
  private extractor: Promise<Extractor> | undefined;
  private loadState: EmbedderLoadState = { state: 'not-loaded' };

  constructor(
    private readonly config: TransformersEmbedderConfig,
    private readonly packageEntry: string,
  ) {
    this.id = transformersEmbedderId(config.modelDirectory);
    this.dimension = config.dimension;
  }

  get status(): EmbedderLoadState {
    return this.loadState;
  }

  async embed(texts: readonly string[], signal?: AbortSignal): Promise<number[][]> {
    if (texts.length === 0) return [];
    if (signal?.aborted) throw new AbortedError('Embedding was aborted');
    try {
      const extractor = await this.loaded();
      const output = await extractor(
        texts.map((text) => `${this.config.prefix ?? ''}${text}`),
        { pooling: this.config.pooling ?? 'mean', normalize: true },
      );
      return output.tolist().map((vector) => {
        if (vector.length !== this.dimension) throw new ModelCallFailedError(`Embedder ${this.id} returned ${vector.length} dimensions; configured ${this.dimension}`);
        return normalizeInPlace([...vector]);
      });
    } catch (error) {
      if (error instanceof ModelCallFailedError) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      if (this.loadState.state !== 'ready') this.loadState = { state: 'failed', reason };
      throw new ModelCallFailedError(`Embedder ${this.id} failed: ${reason}`, error);
    }
  }

  private loaded(): Promise<Extractor> {
    this.extractor ??= (async () => {
      this.loadState = { state: 'loading' };
      const transformers = (await import(/* webpackIgnore: true */ pathToFileURL(this.packageEntry).href)) as TransformersModule;
      transformers.env.allowRemoteModels = false;
      transformers.env.allowLocalModels = true;
      const directory = resolve(this.config.modelDirectory);
      transformers.env.localModelPath = `${dirname(directory)}/`;
      const extractor = await transformers.pipeline('feature-extraction', basename(directory), { local_files_only: true });
      this.loadState = { state: 'ready' };
      return extractor;
    })();
    return this.extractor;
  }
}

/**
 * `transformers:<absolute model directory>`. The whole path, not the directory's name: the path is
 * what the operator sets (the same AGENTLOOM_EMBEDDER_MODEL_DIR for console, worker and
 * `memory:reembed`), so one deployment gets one id. Two models share an id only when one replaces
 * the other's files in place: `memory:reembed` still moves items of another dimension, but a model of
 * the same dimension belongs in a new directory.
 */
function transformersEmbedderId(modelDirectory: string): string {
  return `transformers:${resolve(modelDirectory)}`;
}
