export { HashingEmbedder } from './hashing-embedder';
export { AiSdkEmbedder, embedderConfigSchema, type EmbedderConfig } from './ai-sdk-embedder';
export { createEmbedder, selectEmbedder, type EmbedderSelection, type SelectEmbedderOptions } from './create-embedder';
export { memoryEmbedderConfigSchema, type MemoryEmbedderConfig, type TransformersEmbedderConfig } from './memory-embedder-config';
export { UseLiteEmbedder, type EmbedderLoadState, type UseLiteEmbedderOptions } from './use-lite/use-lite-embedder';
export { locateUseLite, type UseLiteLocation, type UseLitePackages } from './use-lite/use-lite-packages';
export { TransformersEmbedder } from './transformers/transformers-embedder';
export { locateTransformers } from './transformers/transformers-package';
