import { DomainError } from '../errors/domain-error';
import { redactModelUrl, restoreModelUrls } from './agent-model-urls';
import type { AgentVersionConfig } from './agent-version-config';

/** Shown instead of a model's API key; sending it back keeps the stored key. */
export const redactedSecret = '[redacted]';

type ModelEntry = NonNullable<AgentVersionConfig['model']>;

/**
 * Model API keys never leave the service: views, diffs and the console see the marker. Nor do the
 * credentials in a model's base URL (a gateway's path token, a query key): views show them as `***`.
 */
export function redactConfigSecrets(config: AgentVersionConfig): AgentVersionConfig {
  const redact = (model: ModelEntry): ModelEntry => {
    const shown = redactModelUrl(model);
    return shown.apiKey ? { ...shown, apiKey: redactedSecret } : shown;
  };
  return { ...config, ...(config.model ? { model: redact(config.model) } : {}), fallbackModels: config.fallbackModels.map(redact) };
}

/** A base URL as the destination it names: parsed, lower-cased host, default port dropped, no trailing slash. */
export function normalizeBaseUrl(baseURL: string | undefined): string {
  if (baseURL === undefined) return '';
  try {
    return new URL(baseURL).href.replace(/\/+$/, '');
  } catch {
    return baseURL;
  }
}

/** Where a key is sent: the provider, its endpoint and the model. A stored key is bound to exactly this. */
function destinationOf(model: ModelEntry): string {
  return JSON.stringify([model.provider, normalizeBaseUrl(model.baseURL), model.model]);
}

/**
 * Puts back the stored key wherever a save sent the marker — but only for the exact destination
 * the key was saved for (provider, normalized base URL and model): the primary model's from the
 * previous primary, a fallback's from the previous fallback with the same destination. A marker
 * whose destination changed (say, the base URL now points elsewhere) would send the stored key to
 * a place its owner never chose, so it is refused and the key must be entered again. Base URLs sent
 * back as their view (credentials as `***`) are restored first (`restoreModelUrls`), so destinations
 * are compared on the URLs that will be stored.
 * @throws DomainError `validation` naming the `config.…apiKey` field to re-enter, or the
 *   `config.…baseURL` field whose `***` is not the view of a stored URL.
 */
export function restoreConfigSecrets(sent: AgentVersionConfig, previous: AgentVersionConfig | undefined): AgentVersionConfig {
  const config = restoreModelUrls(sent, previous);
  const restore = (model: ModelEntry, stored: ModelEntry | undefined, field: string): ModelEntry => {
    if (model.apiKey !== redactedSecret) return model;
    if (stored?.apiKey === undefined || destinationOf(stored) !== destinationOf(model)) {
      throw new DomainError(
        'validation',
        `${field} is ${redactedSecret}, but the stored key was saved for another provider, base URL or model (or there is none); enter the API key again for this destination`,
        field,
      );
    }
    return { ...model, apiKey: stored.apiKey };
  };
  const previousFallback = (model: ModelEntry) => previous?.fallbackModels.find((candidate) => destinationOf(candidate) === destinationOf(model));
  return {
    ...config,
    ...(config.model ? { model: restore(config.model, previous?.model, 'config.model.apiKey') } : {}),
    fallbackModels: config.fallbackModels.map((model, index) => restore(model, previousFallback(model), `config.fallbackModels.${index}.apiKey`)),
  };
}

/** The config with every model API key passed through `transform` (seal before storing, open after reading). */
export function mapModelKeys(config: AgentVersionConfig, transform: (key: string) => string): AgentVersionConfig {
  const map = (model: ModelEntry): ModelEntry => (model.apiKey === undefined ? model : { ...model, apiKey: transform(model.apiKey) });
  return { ...config, ...(config.model ? { model: map(config.model) } : {}), fallbackModels: config.fallbackModels.map(map) };
}
