import type { AgentVersionConfig } from './agent-version-config';

/** Shown instead of a model's API key; sending it back keeps the stored key. */
export const redactedSecret = '[redacted]';

type ModelEntry = NonNullable<AgentVersionConfig['model']>;

/** Model API keys never leave the service: views, diffs and the console see the marker. */
export function redactConfigSecrets(config: AgentVersionConfig): AgentVersionConfig {
  const redact = (model: ModelEntry): ModelEntry => (model.apiKey ? { ...model, apiKey: redactedSecret } : model);
  return { ...config, ...(config.model ? { model: redact(config.model) } : {}), fallbackModels: config.fallbackModels.map(redact) };
}

/**
 * Puts back the stored key wherever a save sent the marker: the primary model's from the previous
 * primary, a fallback's from the previous fallback with the same provider and model.
 */
export function restoreConfigSecrets(config: AgentVersionConfig, previous: AgentVersionConfig | undefined): AgentVersionConfig {
  const restore = (model: ModelEntry, stored: ModelEntry | undefined): ModelEntry => {
    if (model.apiKey !== redactedSecret) return model;
    const { apiKey: _marker, ...withoutKey } = model;
    return stored?.apiKey ? { ...withoutKey, apiKey: stored.apiKey } : withoutKey;
  };
  const previousFallback = (model: ModelEntry) =>
    previous?.fallbackModels.find((candidate) => candidate.provider === model.provider && candidate.model === model.model);
  return {
    ...config,
    ...(config.model ? { model: restore(config.model, previous?.model) } : {}),
    fallbackModels: config.fallbackModels.map((model) => restore(model, previousFallback(model))),
  };
}
