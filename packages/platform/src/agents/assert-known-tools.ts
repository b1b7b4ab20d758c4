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

/**
 * Refuses an approval rule that names no tool the agent could have: a platform tool of the catalog, a
 * built-in, or a tool of an attached MCP server (`mcp.<server>.<tool>`, after pinning). The gate is
 * keyed by name, so a misspelt rule (`wire_mony: always`) would leave the real tool ungated without a
 * word — an audit of the approval gate found nothing checked them.
 * @throws DomainError `validation` naming `config.approvals.<rule>`.
 */
export function assertApprovalRulesNameTools(config: AgentVersionConfig, catalog: ToolCatalog): void {
  const mcpTools = (config.mcpTools ?? []).map((pinned) => `mcp.${pinned.server}.${pinned.tool}`);
  const known = new Set([...catalog.names(), ...builtinToolNames, ...mcpTools]);
  for (const name of Object.keys(config.approvals)) {
    if (known.has(name)) continue;
    throw new DomainError(
      'validation',
      `config.approvals.${name}: no tool is called "${name}", so this rule would gate nothing. Platform tools: ${catalog.names().join(', ') || 'none'}; built-in tools: ${[...builtinToolNames].join(', ')}${mcpTools.length > 0 ? `; MCP tools: ${mcpTools.join(', ')}` : ''}`,
      `config.approvals.${name}`,
    );
  }
}

