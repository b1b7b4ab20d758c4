import { embedderFromArguments, type PrismaMemoryPortOptions, type RetrievalMode } from '@agentloom/platform';
import { agentConfigSchema, HashingEmbedder, type Embedder } from '@agentloom/runtime';

/**
 * What the eval compares, in one place: embedders × retrieval settings. A new embedder is one
 * entry in `evalEmbedders`; a fusion variant is one entry in `retrievalSettings` carrying the
 * PrismaMemoryPort options it changes (weights, thresholds) — every row of the table is one of these.
 */
export interface RetrievalSetting {
  /** Row label, e.g. `hybrid` or `hybrid (lexical weight .7)`. */
  label: string;
  mode: RetrievalMode;
  /** PrismaMemoryPort options this row changes; the rest are the product's defaults. */
  portOptions?: Omit<PrismaMemoryPortOptions, 'embedder'>;
}

export const retrievalSettings: readonly RetrievalSetting[] = [
  { label: 'vector', mode: 'vector' },
  { label: 'full-text', mode: 'full-text' },
  { label: 'hybrid', mode: 'hybrid' },
  // Before ADR 0065: the same fusion without thread context.
  { label: 'hybrid, no thread context', mode: 'hybrid', portOptions: { fusion: { threadContextWeight: 0 } } },
];

/** Embedders the eval can build by id without arguments; anything else goes to the CLI's embedder parser. */
export const evalEmbedders: Readonly<Record<string, () => Embedder | Promise<Embedder>>> = {
  'hashing-ngram/v1': () => new HashingEmbedder(),
};

/** The default embedders when none is named on the command line. */
export const defaultEmbedderIds: readonly string[] = ['hashing-ngram/v1'];

/** The threshold automatic injection uses by default (`memoryInjection.minScore`): abstention is judged at it. */
export const defaultMinScore: number = agentConfigSchema.shape.memoryInjection.unwrap().parse({}).minScore;

/** Builds an embedder by eval id, or through the same parser as `memory:reembed` (`openai:<model>` …). */
export async function buildEmbedder(id: string, options: { dimension?: string; baseUrl?: string; environment: NodeJS.ProcessEnv }): Promise<Embedder> {
  const known = evalEmbedders[id];
  if (known) return known();
  return embedderFromArguments(
    { embedder: id, ...(options.dimension ? { dimension: options.dimension } : {}), ...(options.baseUrl ? { 'base-url': options.baseUrl } : {}) },
    options.environment,
  );
}
