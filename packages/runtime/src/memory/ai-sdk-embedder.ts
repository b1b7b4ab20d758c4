import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { providerKeyFor } from '../models/provider-key';
import { embedMany, type EmbeddingModel } from 'ai';
import { z } from 'zod';

import type { Embedder } from '../contracts/embedder';
import { ValidationError } from '../errors';
import type { FetchFunction } from '../models/create-language-model';
import { defaultGuardedFetch } from '../outbound/default-guarded-fetch';
import { normalizeInPlace } from './feature-hash';

/** An embedding endpoint: OpenAI, or any OpenAI-compatible server (Ollama, vLLM, LM Studio, TEI). */
export const embedderConfigSchema = z
  .object({
    provider: z.enum(['openai', 'openai-compatible']),
    model: z.string().min(1),
    /** Vector length the model returns (e.g. 1536 for text-embedding-3-small); checked on every call. */
    dimension: z.number().int().positive().max(16_000),
    baseURL: z.url().optional(),
    apiKey: z.string().min(1).optional(),
  })
  .refine((config) => config.provider !== 'openai-compatible' || config.baseURL !== undefined, {
    message: 'openai-compatible embedders need a baseURL',
    path: ['baseURL'],
  });
export type EmbedderConfig = z.infer<typeof embedderConfigSchema>;

/** Embeds through the AI SDK's `embedMany`, which batches and retries per provider limits. */
export class AiSdkEmbedder implements Embedder {
  readonly id: string;
  readonly dimension: number;
  private readonly model: EmbeddingModel;

  /** `fetch` comes from the host's outbound policy; without one the strict policy applies. */
  constructor(config: EmbedderConfig, guardedFetch?: FetchFunction) {
    const fetch = guardedFetch ?? defaultGuardedFetch();
    this.id = `${config.provider}:${config.model}`;
    this.dimension = config.dimension;
    this.model =
      config.provider === 'openai'
        ? createOpenAI({ baseURL: config.baseURL, apiKey: providerKeyFor(config), fetch }).embedding(config.model)
        : createOpenAICompatible({ name: 'openai-compatible', baseURL: config.baseURL ?? '', apiKey: config.apiKey, fetch }).embeddingModel(config.model);
  }

  async embed(texts: readonly string[], signal?: AbortSignal): Promise<number[][]> {
    if (texts.length === 0) return [];
    const { embeddings } = await embedMany({ model: this.model, values: [...texts], ...(signal ? { abortSignal: signal } : {}) });
    return embeddings.map((embedding) => {
      // A wrong configured dimension would otherwise surface later as a database CHECK violation.
      if (embedding.length !== this.dimension)
        throw new ValidationError(`Embedder ${this.id} returned ${embedding.length} dimensions; configured ${this.dimension}`);
      return normalizeInPlace([...embedding]);
    });
  }
}
