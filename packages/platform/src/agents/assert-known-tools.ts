import { DomainError } from '../errors/domain-error';
import type { ToolCatalog } from '../tools/tool-catalog';
import type { AgentVersionConfig } from './agent-version-config';
import { builtinToolOptions } from './builtin-tool-options';

const builtinToolNames: ReadonlySet<string> = new Set(builtinToolOptions.map((option) => option.name));

/**
 * Refuses a config that names a tool no executor of the fleet has. The catalog is this process's,
 * and every executor loads the same tool modules (AGENTLOOM_TOOL_MODULES), so "unknown here" is
 * "unknown everywhere": saving it would only make runs that no executor claims (ADR 0011-one-tool-catalog).
 */
export function assertKnownTools(config: AgentVersionConfig, catalog: ToolCatalog): void {
  const platformTools = new Set(catalog.names());
  for (const [index, name] of config.tools.entries()) {
    if (platformTools.has(name)) continue;
    const hint = builtinToolNames.has(name) ? ` "${name}" is a built-in tool: list it in config.builtinTools.` : '';
    throw new DomainError(
      'validation',
      `config.tools.${index}: unknown tool "${name}"; no executor has it.${hint} Platform tools: ${[...platformTools].join(', ') || 'none'}`,
      `config.tools.${index}`,
    );
  }
  for (const [index, name] of (config.builtinTools ?? []).entries()) {
    if (builtinToolNames.has(name)) continue;
    throw new DomainError(
      'validation',
      `config.builtinTools.${index}: unknown built-in tool "${name}"; built-in tools: ${[...builtinToolNames].join(', ')}`,
      `config.builtinTools.${index}`,
    );
  }
}
