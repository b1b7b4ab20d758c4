import { connectMcpServer, stableHash, toolNamePattern, type AnyTool, type McpServerConnection, type McpTransportConfig, type OutboundPolicy } from '@agentloom/runtime';

import type { SecretBox } from '../secrets/secret-box';
import { classifyMcpConnectionError, McpConnectionError } from './mcp-connection-error';
import { sealedHeaders, type McpServerRow } from './mcp-server-view';
import type { McpToolView } from './mcp-server.schema';
import type { McpStdioAllowList } from './mcp-stdio-allow-list';

/** An open connection to one tenant server, its tools keyed by MCP tool name. */
export interface OpenMcpServer {
  connection: McpServerConnection;
  tools: ReadonlyMap<string, { tool: AnyTool; view: McpToolView }>;
}

/** The prefix the runtime adapter gives a server's tools: `mcp.<server>.`. */
export const mcpToolPrefix = (serverName: string): string => `mcp.${serverName}.`;

/**
 * The hash a version pins for a tool: the same inputs the tool registry hashes into its binding
 * (description and input schema), so "what was saved" and "what the run registers" are one notion.
 */
export function mcpToolSchemaHash(tool: Pick<AnyTool, 'description' | 'inputSchema'>): string {
  return stableHash({ description: tool.description, inputSchema: tool.inputSchema });
}

/**
 * Why the engine's registry would refuse this tool's offered name (`mcp.<server>.<tool>` must match
 * its pattern), or undefined when it can be registered. Checked at save, because a pinned name the
 * registry refuses would fail every run of the version.
 */
export function unusableToolName(offeredName: string): string | undefined {
  return toolNamePattern.test(offeredName) ? undefined : `the tool name "${offeredName}" is not one the engine can offer (it must match ${toolNamePattern})`;
}

/**
 * The only way the platform reaches a tenant's MCP server: a stdio server runs the operator's
 * allow-list entry (looked up again at every connect, so removing an entry takes effect at once);
 * an HTTP server's URL passes the outbound policy at connect (and every connection goes through its
 * guarded fetch), with the sealed headers opened here, at the last moment.
 */
export class McpConnector {
  constructor(
    private readonly policy: OutboundPolicy,
    private readonly secrets: SecretBox,
    readonly stdioAllowList: McpStdioAllowList,
  ) {}

  /**
   * Connects and lists the tools; `signal` (a run's abort) ends it at once.
   * @throws McpConnectionError with the failure's kind, or the runtime's `aborted` error once `signal` aborted
   */
  async open(row: McpServerRow, options: { signal?: AbortSignal } = {}): Promise<OpenMcpServer> {
    const transport = this.transportFor(row);
    let connection: McpServerConnection;
    try {
      connection = await connectMcpServer({ name: row.name, transport, outbound: this.policy }, { signal: options.signal });
    } catch (error) {
      // An abort is the caller's doing, not the server's: it is not sorted into a connection failure.
      if (options.signal?.aborted) throw error;
      throw classifyMcpConnectionError(row.name, error);
    }
    const prefix = mcpToolPrefix(row.name);
    const tools = new Map(
      connection.tools.map((tool) => {
        const name = tool.name.slice(prefix.length);
        const unusable = unusableToolName(tool.name);
        const view: McpToolView = { name, description: tool.description, sideEffects: tool.sideEffects, schemaHash: mcpToolSchemaHash(tool), ...(unusable ? { unusable } : {}) };
        return [name, { tool, view }] as const;
      }),
    );
    return { connection, tools };
  }

  private transportFor(row: McpServerRow): McpTransportConfig {
    if (row.transport === 'stdio') {
      const entry = row.stdioCommand === null ? undefined : this.stdioAllowList[row.stdioCommand];
      if (!entry) {
        throw new McpConnectionError(
          'mcp-stdio-not-allowed',
          `MCP server ${row.name}: stdio command "${row.stdioCommand ?? ''}" is not in this process's allow-list (AGENTLOOM_MCP_STDIO_ALLOW)`,
        );
      }
      return { type: 'stdio', command: entry.command, args: entry.args, ...(entry.cwd ? { cwd: entry.cwd } : {}), env: entry.env, stderr: 'ignore' };
    }
    const headers = Object.fromEntries(Object.entries(sealedHeaders(row.headers)).map(([name, sealed]) => [name, this.secrets.open(sealed)]));
    return { type: 'http', url: row.url ?? '', headers };
  }
}
