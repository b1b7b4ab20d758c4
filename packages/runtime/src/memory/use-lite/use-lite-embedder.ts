import { Worker } from 'node:worker_threads';

import type { Embedder } from '../../contracts/embedder';
import { AbortedError, ModelCallFailedError } from '../../errors';
import { normalizeInPlace } from '../feature-hash';
import { loadUseLiteModel, type UseLiteModel } from './use-lite-model';
import type { UseLitePackages } from './use-lite-packages';
import { useLiteWorkerSource } from './use-lite-worker-source';

/** Whether the model is in memory yet; hosts show it on their health page. */
export type EmbedderLoadState = { state: 'not-loaded' } | { state: 'loading' } | { state: 'ready' } | { state: 'failed'; reason: string };

export interface UseLiteEmbedderOptions {
  /**
   * `worker` (default): the model runs on its own worker thread, so the ≈ 35–70 ms of CPU per text
   * never blocks the host's event loop. `main`: on the calling thread (benches and evals that do
   * nothing else, and hosts without worker threads).
   */
  thread?: 'worker' | 'main';
  /** Texts sent to the model in one call; waiting requests are merged up to this size. Default 64. */
  maxBatch?: number;
}

interface PendingRequest {
  texts: readonly string[];
  resolve: (vectors: number[][]) => void;
  reject: (error: unknown) => void;
  signal: AbortSignal | undefined;
}

/**
 * The Universal Sentence Encoder lite (512 dimensions, English), loaded from installed npm packages:
 * semantic ("when can we ship?" finds "the deploy window is Tuesday") and offline. The model is
 * loaded once per process, on the first `embed`; requests that arrive while the model is busy are
 * merged into one batch, which is as fast per text as single calls and keeps the queue short.
 */
export class UseLiteEmbedder implements Embedder {
  readonly id = 'use-lite/v1';
  readonly dimension = 512;
  private readonly thread: 'worker' | 'main';
  private readonly maxBatch: number;
  private readonly waiting: PendingRequest[] = [];
  private busy = false;
  private loadState: EmbedderLoadState = { state: 'not-loaded' };
  private worker: Worker | undefined;
  private workerRequests = new Map<number, { resolve: (vectors: number[][]) => void; reject: (error: unknown) => void }>();
  private nextRequestId = 0;
  private mainModel: Promise<UseLiteModel> | undefined;

  constructor(
    private readonly packages: UseLitePackages,
    options: UseLiteEmbedderOptions = {},
  ) {
    this.thread = options.thread ?? 'worker';
    this.maxBatch = options.maxBatch ?? 64;
  }

  get status(): EmbedderLoadState {
    return this.loadState;
  }

  embed(texts: readonly string[], signal?: AbortSignal): Promise<number[][]> {
    if (texts.length === 0) return Promise.resolve([]);
    if (signal?.aborted) return Promise.reject(new AbortedError('Embedding was aborted'));
    return new Promise<number[][]>((resolve, reject) => {
      this.waiting.push({ texts, resolve, reject, signal });
      void this.drain();
    });
  }

  /** Stops the worker thread (the next `embed` starts and loads it again). */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await worker.terminate();
    this.loadState = { state: 'not-loaded' };
  }

  /** Sends waiting requests to the model, merged into batches, one batch at a time. */
  private async drain(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      while (this.waiting.length > 0) {
        const batch = this.takeBatch();
        if (batch.length === 0) continue;
        const texts = batch.flatMap((request) => [...request.texts]);
        try {
          const vectors = (await this.run(texts)).map((vector) => {
            if (vector.length !== this.dimension) throw new ModelCallFailedError(`Embedder ${this.id} returned ${vector.length} dimensions; expected ${this.dimension}`);
            return normalizeInPlace(vector);
          });
          let offset = 0;
          for (const request of batch) {
            request.resolve(vectors.slice(offset, offset + request.texts.length));
            offset += request.texts.length;
          }
        } catch (error) {
          for (const request of batch) request.reject(error);
        }
      }
    } finally {
      this.busy = false;
    }
  }

  /** Whole requests up to `maxBatch` texts (a larger request goes alone); aborted ones are dropped. */
  private takeBatch(): PendingRequest[] {
    const batch: PendingRequest[] = [];
    let size = 0;
    while (this.waiting.length > 0) {
      const next = this.waiting[0]!;
      if (next.signal?.aborted) {
        this.waiting.shift();
        next.reject(new AbortedError('Embedding was aborted'));
        continue;
      }
      if (batch.length > 0 && size + next.texts.length > this.maxBatch) break;
      this.waiting.shift();
      batch.push(next);
      size += next.texts.length;
    }
    return batch;
  }

  private async run(texts: string[]): Promise<number[][]> {
    if (this.loadState.state === 'not-loaded') this.loadState = { state: 'loading' };
    try {
      const vectors = this.thread === 'main' ? await (await this.loadOnMainThread()).embed(texts) : await this.runOnWorker(texts);
      this.loadState = { state: 'ready' };
      return vectors;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (this.loadState.state !== 'ready') this.loadState = { state: 'failed', reason };
      throw error instanceof ModelCallFailedError ? error : new ModelCallFailedError(`Embedder ${this.id} failed: ${reason}`, error);
    }
  }

  private loadOnMainThread(): Promise<UseLiteModel> {
    if (this.mainModel) return this.mainModel;
    const loading = loadUseLiteModel(this.packages);
    this.mainModel = loading;
    // A failed load is not remembered: the next `embed` tries again instead of failing forever.
    loading.catch(() => {
      if (this.mainModel === loading) this.mainModel = undefined;
    });
    return loading;
  }

  private runOnWorker(texts: string[]): Promise<number[][]> {
    const worker = this.startedWorker();
    const id = (this.nextRequestId += 1);
    return new Promise<number[][]>((resolve, reject) => {
      this.workerRequests.set(id, { resolve, reject });
      // Only an open request keeps the process alive; an idle model must not hold a CLI or a test open.
      worker.ref();
      worker.postMessage({ id, texts });
    });
  }

  private startedWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(useLiteWorkerSource, { eval: true, workerData: { ...this.packages } });
    worker.unref();
    worker.on('message', (message: { id: number; vectors?: number[][]; error?: string }) => {
      const request = this.workerRequests.get(message.id);
      this.workerRequests.delete(message.id);
      if (this.workerRequests.size === 0) worker.unref();
      if (!request) return;
      if (message.vectors) request.resolve(message.vectors);
      else request.reject(new ModelCallFailedError(message.error ?? 'the worker returned no vectors'));
    });
    const failAll = (error: unknown) => {
      if (this.worker === worker) this.worker = undefined;
      for (const request of this.workerRequests.values()) request.reject(error);
      this.workerRequests.clear();
    };
    worker.on('error', failAll);
    worker.on('exit', (code) => failAll(new ModelCallFailedError(`The ${this.id} worker thread exited (code ${code})`)));
    this.worker = worker;
    return worker;
  }
}
