import type { MemoryEmbedderConfig } from '@agentloom/runtime';

import { DomainError } from '../errors/domain-error';

/** The embedder settings as an app reads them (environment variables or CLI flags), before validation. */
export interface EmbedderSetting {
  /** `use-lite` (semantic, offline), `hashing`, `transformers`, `openai:<model>` or `openai-compatible:<model>`; older ids `use-lite/v1` and `hashing-ngram/v1` are accepted. */
  embedder?: string | undefined;
  /** Vector length, required for `transformers` and the remote providers. */
  dimension?: string | undefined;
  baseUrl?: string | undefined;
  apiKey?: string | undefined;
  /** Model directory for `transformers`. */
  modelDirectory?: string | undefined;
}

/** The names the setting's fields have where they were read (for error messages). */
export interface EmbedderSettingNames {
  embedder: string;
  dimension: string;
  baseUrl: string;
  modelDirectory: string;
}

export const embedderEnvironmentNames: EmbedderSettingNames = {
  embedder: 'AGENTLOOM_EMBEDDER',
  dimension: 'AGENTLOOM_EMBEDDER_DIMENSION',
  baseUrl: 'AGENTLOOM_EMBEDDER_BASE_URL',
  modelDirectory: 'AGENTLOOM_EMBEDDER_MODEL_DIR',
};

/** What an app uses when nothing is set: the semantic offline embedder (falls back to hashing when not installed). */
export const defaultEmbedderName = 'use-lite';

/**
 * Turns the operator's strings into an embedder config, or a `validation` DomainError naming the
 * variable or flag at fault. Pure (no environment access): apps' `env.ts` and the CLI pass values in.
 */
export function parseEmbedderSetting(setting: EmbedderSetting, names: EmbedderSettingNames = embedderEnvironmentNames): MemoryEmbedderConfig {
  const name = (setting.embedder ?? defaultEmbedderName).trim();
  if (name === 'use-lite' || name === 'use-lite/v1') return { provider: 'use-lite' };
  if (name === 'hashing' || name === 'hashing-ngram/v1') return { provider: 'hashing' };
  const dimension = () => {
    const value = Number(setting.dimension);
    if (!Number.isInteger(value) || value <= 0 || value > 16_000)
      throw new DomainError('validation', `${names.dimension} must be the model's vector length (a positive integer) for ${name}`, names.dimension);
    return value;
  };
  if (name === 'transformers') {
    if (!setting.modelDirectory) throw new DomainError('validation', `${names.modelDirectory} must name the model directory for the transformers embedder`, names.modelDirectory);
    return { provider: 'transformers', modelDirectory: setting.modelDirectory, dimension: dimension() };
  }
  const separator = name.indexOf(':');
  const provider = separator > 0 ? name.slice(0, separator) : '';
  const model = name.slice(separator + 1);
  if ((provider === 'openai' || provider === 'openai-compatible') && model !== '') {
    if (provider === 'openai-compatible' && !setting.baseUrl)
      throw new DomainError('validation', `${names.baseUrl} is required for openai-compatible embedders`, names.baseUrl);
    if (setting.baseUrl !== undefined && !URL.canParse(setting.baseUrl)) throw new DomainError('validation', `${names.baseUrl} must be a URL`, names.baseUrl);
    return {
      provider,
      model,
      dimension: dimension(),
      ...(setting.baseUrl ? { baseURL: setting.baseUrl } : {}),
      ...(setting.apiKey ? { apiKey: setting.apiKey } : {}),
    };
  }
  throw new DomainError(
    'validation',
    `${names.embedder} must be use-lite, hashing, transformers, openai:<model> or openai-compatible:<model> (got "${name}")`,
    names.embedder,
  );
}
