import type { Embedder } from '../contracts/embedder';
import type { FetchFunction } from '../models/create-language-model';
import { AiSdkEmbedder, embedderConfigSchema, type EmbedderConfig } from './ai-sdk-embedder';
import { HashingEmbedder } from './hashing-embedder';

/** The configured model embedder, or the offline hashing embedder when no config is given. */
export function createEmbedder(config?: EmbedderConfig, fetch?: FetchFunction): Embedder {
  if (!config) return new HashingEmbedder();
  return new AiSdkEmbedder(embedderConfigSchema.parse(config), fetch);
}
