import type { AgentVersionConfig } from '../agents/agent-version-config';
import { DomainError } from '../errors/domain-error';
import type { OpenMcpServer } from './mcp-connector';
import type { McpToolView } from './mcp-server.schema';
import type { McpToolMismatch } from './mcp-tool-mismatch-error';

type AttachedServer = NonNullable<AgentVersionConfig['mcpServers']>[number];
export type PinnedTool = NonNullable<AgentVersionConfig['mcpTools']>[number];

const pinOf = (server: string, view: McpToolView): PinnedTool => ({ server, tool: view.name, schemaHash: view.schemaHash, sideEffects: view.sideEffects });

/**
 * The pins of one attached server, as the server lists its tools now. Named tools must exist, be
 * named once and have a name the engine registers: anything else would fail every run of the
 * version, so the save is refused with the entry's field. With no names (all of the server's
 * tools), tools whose names the engine refuses are left out instead — the server's test view marks
 * them `unusable` — so one odd tool does not make the whole server unusable.
 * @throws DomainError `validation` naming `<field>.tools.<index>`
 */
export function pinServerTools(entry: AttachedServer, open: OpenMcpServer, field: string): PinnedTool[] {
  if (entry.tools === undefined) {
    return [...open.tools.values()].filter(({ view }) => view.unusable === undefined).map(({ view }) => pinOf(entry.server, view));
  }
  const names = entry.tools;
  return names.map((name, index) => {
    const toolField = `${field}.tools.${index}`;
    const first = names.indexOf(name);
    if (first !== index) {
      throw new DomainError(
        'validation',
        `${toolField}: "${name}" is already listed as ${field}.tools.${first}; the engine registers each tool once`,
        toolField,
      );
    }
    const found = open.tools.get(name);
    if (!found) {
      throw new DomainError(
        'validation',
        `${toolField}: MCP server ${entry.server} has no tool "${name}"; it has ${[...open.tools.keys()].join(', ') || 'none'}`,
        toolField,
      );
    }
    if (found.view.unusable !== undefined) throw new DomainError('validation', `${toolField}: ${found.view.unusable}`, toolField);
    return pinOf(entry.server, found.view);
  });
}

/**
 * How a server's tool differs from its pin, or undefined when it is as saved. Side effects count
 * like the schema (the checkpoint's tool binding compares both): a server that turns an unsafe tool
 * read-only would otherwise have a crashed call re-run instead of asked about, and replayed live. A
 * pin saved before side effects were pinned has none and takes the server's value, as it did then.
 */
export function compareToPin(pin: PinnedTool, current: McpToolView | undefined): McpToolMismatch | undefined {
  const base = { server: pin.server, tool: pin.tool, pinnedSchemaHash: pin.schemaHash };
  if (!current) return { ...base, currentSchemaHash: null };
  const sideEffects =
    pin.sideEffects !== undefined && pin.sideEffects !== current.sideEffects ? { pinned: pin.sideEffects, current: current.sideEffects } : undefined;
  if (current.schemaHash === pin.schemaHash && !sideEffects) return undefined;
  return { ...base, currentSchemaHash: current.schemaHash, ...(sideEffects ? { sideEffects } : {}) };
}
