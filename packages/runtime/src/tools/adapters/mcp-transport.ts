import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';

import { createGuardedFetch } from '../../outbound/guarded-fetch';
import type { OutboundPolicy } from '../../outbound/outbound-policy';
import type { McpAnswerBound } from './mcp-answer-bound';

/** A server started as a child process, speaking MCP over stdin/stdout. */
export interface McpStdioTransportConfig {
  type: 'stdio';
  command: string;
  args?: readonly string[];
  cwd?: string;
  /** Host variables passed through by name, on top of the SDK's safe defaults (PATH, HOME, …). */
  envAllowlist?: readonly string[];
  /** Fixed variables for the server process. */
  env?: Record<string, string>;
  /** Where the server's stderr goes; default `inherit` so its diagnostics reach the host logs. */
  stderr?: 'inherit' | 'ignore' | 'pipe';
}

/** A remote server reached over Streamable HTTP. */
export interface McpHttpTransportConfig {
  type: 'http';
  url: string;
  /** Sent with every request, e.g. `Authorization`. */
  headers?: Record<string, string>;
}

/** How to reach an MCP server: a local child process or a Streamable HTTP endpoint. */
export type McpTransportConfig = McpStdioTransportConfig | McpHttpTransportConfig;

function stdioEnvironment(config: McpStdioTransportConfig, defaults: Record<string, string>): Record<string, string> {
  const environment = { ...defaults };
  for (const name of config.envAllowlist ?? []) {
    const value = process.env[name];
    if (value !== undefined) environment[name] = value;
  }
  return { ...environment, ...config.env };
}

/**
 * Creates the transport for a configuration; nothing is started until the client connects. The
 * SDK is loaded on first use: processes that never connect to an MCP server do not pay for it at start.
 * What a server answers is read through `bound` (ADR 0033): an HTTP server's body or SSE event past
 * its limit is cut off, and so is a stdio server's line (`BoundedStdioTransport`, which stops the
 * child). An HTTP server is reached only through the outbound policy's guarded `fetch` (checked URL,
 * checked address at every connect, redirects refused).
 */
export async function createMcpTransport(config: McpTransportConfig, policy: OutboundPolicy, bound: McpAnswerBound): Promise<Transport> {
  if (config.type === 'http') {
    const url = policy.checkUrl(config.url);
    const { StreamableHTTPClientTransport } = await import('@modelcontextprotocol/sdk/client/streamableHttp.js');
    return new StreamableHTTPClientTransport(url, { requestInit: { headers: config.headers }, fetch: bound.wrap(createGuardedFetch(policy)) });
  }
  const [{ getDefaultEnvironment }, { BoundedStdioTransport }] = await Promise.all([
    import('@modelcontextprotocol/sdk/client/stdio.js'),
    import('./bounded-stdio-transport'),
  ]);
  const server = {
    command: config.command,
    args: config.args ?? [],
    cwd: config.cwd,
    env: stdioEnvironment(config, getDefaultEnvironment()),
    stderr: config.stderr ?? 'inherit',
  };
  return new BoundedStdioTransport(server, bound);
}
