import { carriesRedactedPart, redactUrlCredentials } from '@agentloom/runtime';

import { DomainError } from '../errors/domain-error';
import type { AgentVersionConfig } from './agent-version-config';

type ModelEntry = NonNullable<AgentVersionConfig['model']>;

/**
 * A model as views show it: its base URL through `redactUrlCredentials` (ADR 0012), because hosted
 * gateways put their credential in the path (`…/s/<token>/v1`) or the query (`?api-key=…`), and
 * every role reads agent configs. The stored URL is unchanged; runs call it.
 */
export function redactModelUrl(model: ModelEntry): ModelEntry {
  return model.baseURL === undefined ? model : { ...model, baseURL: redactUrlCredentials(model.baseURL) };
}

/**
 * The config with every base URL that carries the view's `***` mark replaced by the stored URL it is
 * the view of, so a client that saves back what it read (changing, say, the instructions) keeps the
 * endpoint. Runs before the API keys are restored: a `[redacted]` key is judged against the URL that
 * will be stored, never against the mark. Without a previous version (create) nothing can be restored.
 * @throws DomainError `validation` naming `config.model.baseURL` or `config.fallbackModels.<n>.baseURL`
 *   when a URL with the mark is not exactly the view of one stored URL: stored as it is, the mark would
 *   replace the credential it stands for.
 */
export function restoreModelUrls(config: AgentVersionConfig, previous: AgentVersionConfig | undefined): AgentVersionConfig {
  const storedUrls = previous ? [previous.model, ...previous.fallbackModels].flatMap((model) => (model?.baseURL === undefined ? [] : [model.baseURL])) : [];
  const restore = (model: ModelEntry, samePlace: string | undefined, field: string): ModelEntry => {
    if (model.baseURL === undefined || !carriesRedactedPart(model.baseURL)) return model;
    return { ...model, baseURL: storedUrlShownAs(model.baseURL, samePlace, storedUrls, field) };
  };
  return {
    ...config,
    ...(config.model ? { model: restore(config.model, previous?.model?.baseURL, 'config.model.baseURL') } : {}),
    fallbackModels: config.fallbackModels.map((model, index) =>
      restore(model, previous?.fallbackModels[index]?.baseURL, `config.fallbackModels.${index}.baseURL`),
    ),
  };
}

/**
 * The stored URL whose view is `view`: the one in the same place (primary, or the fallback at the same
 * index) first, so an unchanged echo always keeps its URL; else the only stored URL with that view
 * (a model moved to another place). Two different stored URLs with that view cannot be told apart.
 */
function storedUrlShownAs(view: string, samePlace: string | undefined, storedUrls: readonly string[], field: string): string {
  if (samePlace !== undefined && redactUrlCredentials(samePlace) === view) return samePlace;
  const matches = [...new Set(storedUrls.filter((url) => redactUrlCredentials(url) === view))];
  if (matches.length === 1 && matches[0] !== undefined) return matches[0];
  throw new DomainError(
    'validation',
    `${field}: "***" stands for a part of a stored base URL that is never shown (a credential), and this URL is not the view of exactly one stored base URL of this agent; give the whole URL to change it, or send it back exactly as shown to keep it`,
    field,
  );
}

/**
 * The config with every base URL that carries a credential (its view differs from it) replaced by
 * `transform(url)`: the config hash takes the URL's keyed fingerprint, as it does for API keys, so a
 * viewer holding the hash and the redacted URL cannot confirm a guessed credential offline.
 */
export function mapCredentialUrls(config: AgentVersionConfig, transform: (url: string) => string): AgentVersionConfig {
  const map = (model: ModelEntry): ModelEntry =>
    model.baseURL === undefined || redactUrlCredentials(model.baseURL) === model.baseURL ? model : { ...model, baseURL: transform(model.baseURL) };
  return { ...config, ...(config.model ? { model: map(config.model) } : {}), fallbackModels: config.fallbackModels.map(map) };
}
