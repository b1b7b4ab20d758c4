export { HashingEmbedder } from './hashing-embedder';
export { AiSdkEmbedder, embedderConfigSchema, type EmbedderConfig } from './ai-sdk-embedder';
export { createEmbedder } from './create-embedder';
