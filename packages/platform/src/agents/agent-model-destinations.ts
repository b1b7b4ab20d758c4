import { OutboundRefusedError, type OutboundPolicy } from '@agentloom/runtime';

import { DomainError } from '../errors/domain-error';
import type { AgentVersionConfig } from './agent-version-config';

/**
 * The save-time half of the outbound policy for model endpoints: every base URL of the config (the
 * primary model's and each fallback's) must resolve to addresses the policy allows. The run checks
 * again at every connection, so a name that later resolves elsewhere is still refused. A URL with
 * userinfo (`https://user:password@host/v1`) is refused too: fetch will not send a request to one, so
 * every run of the version failed later with an unhelpful "unexpected reply (TypeError)".
 * @throws DomainError `validation` naming `config.model.baseURL` or `config.fallbackModels.<n>.baseURL`.
 */
export async function assertModelDestinations(config: AgentVersionConfig, outbound: OutboundPolicy): Promise<void> {
  const entries: [string, string | undefined][] = [
    ['config.model.baseURL', config.model?.baseURL],
    ...config.fallbackModels.map((model, index): [string, string | undefined] => [`config.fallbackModels.${index}.baseURL`, model.baseURL]),
  ];
  for (const [field, baseURL] of entries) {
    if (baseURL === undefined) continue;
    assertNoUserinfo(baseURL, field);
    try {
      await outbound.assertAllowed(baseURL);
    } catch (error) {
      if (error instanceof OutboundRefusedError) throw new DomainError('validation', error.message, field);
      throw error;
    }
  }
}

/**
 * The message names the field and the fix, never the URL: its userinfo is the credential. A version
 * stored with one before this check still reads (views show it as `***:***@`); saving it again means
 * moving the credential.
 */
function assertNoUserinfo(baseURL: string, field: string): void {
  const parsed = URL.parse(baseURL);
  if (parsed === null || (parsed.username === '' && parsed.password === '')) return;
  const keyField = field.replace(/baseURL$/, 'apiKey');
  throw new DomainError(
    'validation',
    `${field}: a base URL with a user name or password (user:password@host) cannot be called (fetch refuses such URLs, so every run would fail); remove it from the URL and put the credential in ${keyField} instead`,
    field,
  );
}
