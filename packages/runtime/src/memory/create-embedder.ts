import type { Embedder } from '../contracts/embedder';
import type { FetchFunction } from '../models/create-language-model';
import { AiSdkEmbedder } from './ai-sdk-embedder';
import { HashingEmbedder } from './hashing-embedder';
import { memoryEmbedderConfigSchema, type MemoryEmbedderConfig } from './memory-embedder-config';
import { TransformersEmbedder } from './transformers/transformers-embedder';
import { locateTransformers } from './transformers/transformers-package';
import { UseLiteEmbedder, type EmbedderLoadState } from './use-lite/use-lite-embedder';
import { locateUseLite } from './use-lite/use-lite-packages';

/** Which embedder a host asked for, which one it got, and why they differ (health and console show it). */
export interface EmbedderSelection {
  embedder: Embedder;
  /** The configured provider (`use-lite`, `hashing`, `transformers`, `openai`, `openai-compatible`). */
  requested: MemoryEmbedderConfig['provider'];
  /** Meaning-level similarity (paraphrases match), as opposed to shared words only. */
  semantic: boolean;
  /** Set when the requested embedder is unavailable and the lexical `hashing-ngram/v1` is used instead. */
  fallbackReason: string | null;
  /** Whether a locally loaded model is in memory yet (remote and hashing embedders are always `ready`). */
  loadState(): EmbedderLoadState;
}

export interface SelectEmbedderOptions {
  /** The outbound policy's fetch for remote embedders. */
  fetch?: FetchFunction;
  /** Told once when the requested embedder cannot be used and the lexical one takes over. */
  onFallback?: (reason: string) => void;
  /** Where to resolve the use-lite packages from (tests point it elsewhere to see the fallback). */
  useLiteResolveFrom?: readonly string[];
}

/**
 * Builds the configured embedder, checking at once (without loading any model) that a local
 * model's packages and files are there; when they are not, the lexical hashing embedder is used and
 * the reason is reported — memory keeps working, only paraphrase recall is lost.
 */
export function selectEmbedder(config: MemoryEmbedderConfig | undefined, options: SelectEmbedderOptions = {}): EmbedderSelection {
  const parsed = memoryEmbedderConfigSchema.parse(config ?? { provider: 'hashing' });
  const ready = (): EmbedderLoadState => ({ state: 'ready' });
  const fallback = (reason: string): EmbedderSelection => {
    options.onFallback?.(reason);
    return { embedder: new HashingEmbedder(), requested: parsed.provider, semantic: false, fallbackReason: reason, loadState: ready };
  };
  switch (parsed.provider) {
    case 'hashing':
      return { embedder: new HashingEmbedder(), requested: 'hashing', semantic: false, fallbackReason: null, loadState: ready };
    case 'use-lite': {
      const location = locateUseLite(options.useLiteResolveFrom);
      if (!location.found) return fallback(`use-lite/v1 is unavailable: ${location.reason}`);
      const embedder = new UseLiteEmbedder(location.packages, { thread: parsed.thread ?? 'worker' });
      return { embedder, requested: 'use-lite', semantic: true, fallbackReason: null, loadState: () => embedder.status };
    }
    case 'transformers': {
      const location = locateTransformers(parsed.modelDirectory);
      if (!location.found) return fallback(`transformers (${parsed.modelDirectory}) is unavailable: ${location.reason}`);
      const embedder = new TransformersEmbedder(parsed, location.packageEntry);
      return { embedder, requested: 'transformers', semantic: true, fallbackReason: null, loadState: () => embedder.status };
    }
    default:
      return { embedder: new AiSdkEmbedder(parsed, options.fetch), requested: parsed.provider, semantic: true, fallbackReason: null, loadState: ready };
  }
}

/** The configured embedder, or the offline hashing embedder when no config is given (see `selectEmbedder`). */
export function createEmbedder(config?: MemoryEmbedderConfig, fetch?: FetchFunction): Embedder {
  return selectEmbedder(config, fetch ? { fetch } : {}).embedder;
}
