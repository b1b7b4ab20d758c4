import type { Database } from '@agentloom/db';
import type { AnyTool } from '@agentloom/runtime';

import type { AgentVersionConfig } from '../agents/agent-version-config';
import { DomainError } from '../errors/domain-error';
import { McpConnectionError } from './mcp-connection-error';
import type { McpConnector, OpenMcpServer } from './mcp-connector';
import { mcpServerSelect } from './mcp-server-view';
import { McpToolMismatchError, type McpToolMismatch } from './mcp-tool-mismatch-error';
import { compareToPin, pinServerTools, type PinnedTool } from './mcp-tool-pins';


/** A run's MCP tools and the connections behind them, closed when the run's attempt ends. */
export interface RunMcpTools {
  tools: AnyTool[];
  close(): Promise<void>;
}

/**
 * MCP servers as agents use them: at save, each attached tool is pinned (server, tool, schema
 * hash, side effects) in the version; at run time the servers are connected once for the attempt, the pins
 * checked, and only the pinned tools handed to the engine, where they go through the one guarded
 * tool path (approvals, ledger, idempotency key in `_meta`).
 */
export class McpAgentTools {
  constructor(
    private readonly database: Database,
    private readonly connector: McpConnector,
  ) {}

  /**
   * The config with `mcpTools` computed from the servers as they are now (whatever the caller sent
   * there is replaced). A server that is unknown or unreachable, or a named tool that is missing,
   * listed twice or named so the engine cannot register it, refuses the save with the field that
   * names it (`pinServerTools`).
   */
  async pin(tenantId: string, config: AgentVersionConfig): Promise<AgentVersionConfig> {
    const attached = config.mcpServers ?? [];
    if (attached.length === 0) {
      const { mcpTools: _ignored, ...rest } = config;
      return rest;
    }
    const pins: PinnedTool[] = [];
    for (const [index, entry] of attached.entries()) {
      const field = `config.mcpServers.${index}`;
      if (attached.findIndex((other) => other.server === entry.server) !== index) throw new DomainError('validation', `${field}.server: "${entry.server}" is attached twice`, `${field}.server`);
      const open = await this.openByName(tenantId, entry.server, field);
      try {
        pins.push(...pinServerTools(entry, open, field));
      } finally {
        await open.connection.close().catch(() => undefined);
      }
    }
    return { ...config, mcpTools: pins };
  }

  /**
   * Connects the version's servers for one run attempt and checks every pin.
   * @throws McpToolMismatchError (`resume-mismatch`) when a pinned tool changed or its server is gone
   * @throws McpConnectionError with the failure's kind when a server cannot be reached
   * @throws the runtime's `aborted` error once `signal` (the run's abort: cancel, lost lease) aborted
   */
  async openForRun(tenantId: string, config: AgentVersionConfig, signal?: AbortSignal): Promise<RunMcpTools> {
    const pins = config.mcpTools ?? [];
    const servers = [...new Set(pins.map((pin) => pin.server))];
    const opened: OpenMcpServer[] = [];
    const close = async () => {
      await Promise.all(opened.map((open) => open.connection.close().catch(() => undefined)));
    };
    try {
      const rows = await this.database.prisma.mcpServer.findMany({ where: { tenantId, name: { in: servers } }, select: mcpServerSelect });
      const mismatches: McpToolMismatch[] = [];
      const tools: AnyTool[] = [];
      for (const server of servers) {
        const row = rows.find((candidate) => candidate.name === server);
        const serverPins = pins.filter((pin) => pin.server === server);
        if (!row) {
          mismatches.push(...serverPins.map((pin) => ({ server, tool: pin.tool, pinnedSchemaHash: pin.schemaHash, currentSchemaHash: null })));
          continue;
        }
        const open = await this.connector.open(row, { signal });
        opened.push(open);
        for (const pin of serverPins) {
          const current = open.tools.get(pin.tool);
          const mismatch = compareToPin(pin, current?.view);
          if (mismatch) mismatches.push(mismatch);
          else if (current) tools.push(current.tool);
        }
      }
      if (mismatches.length > 0) throw new McpToolMismatchError(mismatches);
      return { tools, close };
    } catch (error) {
      await close();
      throw error;
    }
  }

  private async openByName(tenantId: string, name: string, field: string): Promise<OpenMcpServer> {
    const row = await this.database.prisma.mcpServer.findFirst({ where: { tenantId, name }, select: mcpServerSelect });
    if (!row) throw new DomainError('validation', `${field}.server: no MCP server named "${name}" in this tenant`, `${field}.server`);
    try {
      return await this.connector.open(row);
    } catch (error) {
      if (error instanceof McpConnectionError) throw new DomainError('validation', `${field}.server: ${error.message} (${error.kind}); the version pins each tool's schema, so the server must answer at save`, `${field}.server`);
      throw error;
    }
  }
}
