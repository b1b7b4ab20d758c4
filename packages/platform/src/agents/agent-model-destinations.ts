import { OutboundRefusedError, type OutboundPolicy } from '@agentloom/runtime';

import { DomainError } from '../errors/domain-error';
import type { AgentVersionConfig } from './agent-version-config';

/**
 * The save-time half of the outbound policy for model endpoints: every base URL of the config (the
 * primary model's and each fallback's) must resolve to addresses the policy allows. The run checks
 * again at every connection, so a name that later resolves elsewhere is still refused.
 * @throws DomainError `validation` naming `config.model.baseURL` or `config.fallbackModels.<n>.baseURL`.
 */
export async function assertModelDestinations(config: AgentVersionConfig, outbound: OutboundPolicy): Promise<void> {
  const entries: [string, string | undefined][] = [
    ['config.model.baseURL', config.model?.baseURL],
    ...config.fallbackModels.map((model, index): [string, string | undefined] => [`config.fallbackModels.${index}.baseURL`, model.baseURL]),
  ];
  for (const [field, baseURL] of entries) {
    if (baseURL === undefined) continue;
    try {
      await outbound.assertAllowed(baseURL);
    } catch (error) {
      if (error instanceof OutboundRefusedError) throw new DomainError('validation', error.message, field);
      throw error;
    }
  }
}
