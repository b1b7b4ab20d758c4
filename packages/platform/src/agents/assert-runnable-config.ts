import { DomainError } from '../errors/domain-error';
import type { AgentVersionConfig } from './agent-version-config';

/**
 * Refuses a config no executor can run: without `config.model` the offline demo script plays the
 * agent, so a config with neither would only make runs that fail with `invalid-agent-config` the
 * moment they start. Unknown providers and an openai-compatible model without a base URL are already
 * refused by the config schema; a missing API key is not refused, because the executor's environment
 * may hold the provider key.
 * @throws DomainError `validation` naming `config.model`, with the two ways to fix it.
 */
export function assertRunnableConfig(config: AgentVersionConfig): void {
  if (config.model !== undefined || config.demoScript !== undefined) return;
  throw new DomainError(
    'validation',
    'config.model: this agent has no model and no demo script, so no run could start. Choose a model provider (OpenAI, Anthropic or an OpenAI-compatible endpoint) in config.model, or add config.demoScript with at least one reply for an offline demo agent.',
    'config.model',
  );
}

/**
 * Refuses `config.skills`: the runtime reads a skills directory from the host's disk (`load_skill`
 * returns any `SKILL.md` under it with a listing of its files), and an agent's config is the tenant's
 * to write. The platform has no operator-approved skill folders, so a tenant admin naming one would
 * read the server's files. Runs ignore it too (`buildRunEngine`), for versions saved before this check.
 * @throws DomainError `validation` naming `config.skills`.
 */
export function assertNoHostSkills(config: AgentVersionConfig): void {
  if (config.skills === undefined) return;
  throw new DomainError(
    'validation',
    "config.skills: agents saved through the platform cannot read skills from a folder of the server's disk; remove config.skills",
    'config.skills',
  );
}
