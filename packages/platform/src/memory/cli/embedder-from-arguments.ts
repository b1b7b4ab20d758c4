import { createGuardedFetch, OutboundPolicy, selectEmbedder, type Embedder, type EmbedderSelection, type MemoryEmbedderConfig } from '@agentloom/runtime';

import { parseEmbedderSetting } from '../embedder-setting';

/**
 * `--embedder use-lite` (semantic, offline; the apps' default), `--embedder hashing`, `--embedder
 * transformers --model-dir DIR --dimension N`, or `--embedder openai:<model>` /
 * `--embedder openai-compatible:<model>` with `--dimension N` (and `--base-url URL` for
 * openai-compatible); the API key comes from AGENTLOOM_EMBEDDER_API_KEY, or, for `openai:` at
 * OpenAI's own endpoint (no `--base-url`), OPENAI_API_KEY. Without `--embedder`, the
 * AGENTLOOM_EMBEDDER* variables the apps read decide, so the command moves items to the embedder the
 * console will use. Requests go through the outbound policy, with the private
 * targets the deployment allows (AGENTLOOM_ALLOW_PRIVATE_TARGETS, e.g. a local Ollama).
 */
export interface EmbedderArguments {
  embedder?: string | undefined;
  dimension?: string | undefined;
  'base-url'?: string | undefined;
  'model-dir'?: string | undefined;
}

export function embedderSelectionFromArguments(
  values: EmbedderArguments,
  environment: NodeJS.ProcessEnv,
  onFallback?: (reason: string) => void,
): EmbedderSelection {
  const fromFlags = values.embedder !== undefined;
  const config = parseEmbedderSetting(
    {
      embedder: values.embedder ?? environment['AGENTLOOM_EMBEDDER'],
      dimension: values.dimension ?? (fromFlags ? undefined : environment['AGENTLOOM_EMBEDDER_DIMENSION']),
      baseUrl: values['base-url'] ?? (fromFlags ? undefined : environment['AGENTLOOM_EMBEDDER_BASE_URL']),
      modelDirectory: values['model-dir'] ?? (fromFlags ? undefined : environment['AGENTLOOM_EMBEDDER_MODEL_DIR']),
      apiKey: environment['AGENTLOOM_EMBEDDER_API_KEY'],
    },
    { embedder: '--embedder', dimension: '--dimension', baseUrl: '--base-url', modelDirectory: '--model-dir' },
  );
  const allowPrivateTargets = (environment['AGENTLOOM_ALLOW_PRIVATE_TARGETS'] ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  return selectEmbedder(withOpenAiKeyFromEnvironment(config, environment), {
    fetch: createGuardedFetch(new OutboundPolicy({ allowPrivateTargets })),
    ...(onFallback ? { onFallback } : {}),
  });
}

/**
 * OPENAI_API_KEY is the operator's key for OpenAI: it goes to OpenAI's own endpoint only (ADR 0012,
 * as `providerKeyFor` does for the apps). An `openai-compatible` embedder, or `openai` with a base
 * URL, names another host (a local TEI or Ollama, a gateway), which gets AGENTLOOM_EMBEDDER_API_KEY
 * or no key at all. Exported for its test: OpenAI's own endpoint cannot be called from one.
 */
export function withOpenAiKeyFromEnvironment(config: MemoryEmbedderConfig, environment: NodeJS.ProcessEnv): MemoryEmbedderConfig {
  const openAiKey = environment['OPENAI_API_KEY'];
  if (config.provider !== 'openai' || config.baseURL !== undefined || config.apiKey !== undefined || !openAiKey) return config;
  return { ...config, apiKey: openAiKey };
}

/** The selected embedder alone (benches and evals that do not report fallbacks). */
export function embedderFromArguments(values: EmbedderArguments, environment: NodeJS.ProcessEnv): Embedder {
  return embedderSelectionFromArguments(values, environment, (reason) => console.error(reason)).embedder;
}
