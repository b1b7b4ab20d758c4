import { createEmbedder, createGuardedFetch, embedderConfigSchema, HashingEmbedder, OutboundPolicy, type Embedder } from '@agentloom/runtime';

/**
 * `--embedder hashing-ngram/v1` (offline default), or `--embedder openai:<model>` /
 * `--embedder openai-compatible:<model>` with `--dimension N` (and `--base-url URL` for
 * openai-compatible); the API key comes from AGENTLOOM_EMBEDDER_API_KEY or OPENAI_API_KEY. Requests go
 * through the outbound policy, with the private targets the deployment allows
 * (AGENTLOOM_ALLOW_PRIVATE_TARGETS, e.g. a local Ollama).
 */
export function embedderFromArguments(values: { embedder?: string; dimension?: string; 'base-url'?: string }, environment: NodeJS.ProcessEnv): Embedder {
  const id = values.embedder ?? new HashingEmbedder().id;
  if (id === new HashingEmbedder().id) return new HashingEmbedder();
  const separator = id.indexOf(':');
  const config = embedderConfigSchema.parse({
    provider: id.slice(0, separator),
    model: id.slice(separator + 1),
    dimension: Number(values.dimension),
    baseURL: values['base-url'],
    apiKey: environment['AGENTLOOM_EMBEDDER_API_KEY'] ?? environment['OPENAI_API_KEY'],
  });
  const allowPrivateTargets = (environment['AGENTLOOM_ALLOW_PRIVATE_TARGETS'] ?? '').split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
  return createEmbedder(config, createGuardedFetch(new OutboundPolicy({ allowPrivateTargets })));
}
