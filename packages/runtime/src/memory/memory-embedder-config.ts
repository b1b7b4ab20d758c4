import { z } from 'zod';

import { embedderConfigSchema } from './ai-sdk-embedder';

/**
 * Every embedder a host can configure. `use-lite` is the semantic offline one (an optional npm
 * package); `hashing` the lexical fallback that always works; `transformers` a local ONNX model
 * directory run by transformers.js; `openai` / `openai-compatible` a remote endpoint.
 */
export const memoryEmbedderConfigSchema = z.union([
  z.object({ provider: z.literal('use-lite'), thread: z.enum(['worker', 'main']).optional() }),
  z.object({ provider: z.literal('hashing') }),
  z.object({
    provider: z.literal('transformers'),
    /** A directory with a feature-extraction model in ONNX (config.json, tokenizer.json, onnx/model.onnx), e.g. all-MiniLM-L6-v2. */
    modelDirectory: z.string().min(1),
    /** Vector length the model returns (384 for MiniLM-L6); checked on every call. */
    dimension: z.number().int().positive().max(16_000),
    pooling: z.enum(['mean', 'cls']).optional(),
    /** Prefix for texts (e5/BGE-style models want e.g. "query: " or "passage: "); default none. */
    prefix: z.string().optional(),
  }),
  embedderConfigSchema,
]);
export type MemoryEmbedderConfig = z.infer<typeof memoryEmbedderConfigSchema>;
export type TransformersEmbedderConfig = Extract<MemoryEmbedderConfig, { provider: 'transformers' }>;
