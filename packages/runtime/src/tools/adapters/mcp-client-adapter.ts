import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Tool as McpTool } from '@modelcontextprotocol/sdk/types.js';
import type { BasicToolContext, Tool, ToolResult, ToolSideEffects } from '../../contracts/tool';
import { ToolAdapterError, toolAbortedError } from './adapter-error';
import { McpAnswerBound } from './mcp-answer-bound';
import { toToolResult, type McpCallResult } from './mcp-result';
import { listAllTools } from './mcp-tool-list';
import { OutboundPolicy } from '../../outbound/outbound-policy';
import { createMcpTransport, type McpTransportConfig } from './mcp-transport';

/** The `_meta` key carrying the call's idempotency key to the MCP server. */
export const mcpIdempotencyKeyMetaKey = 'idempotencyKey';

/** One MCP server whose tools are offered to the model. */
export interface McpServerConfig {
  /** Alias used in tool names (`mcp.<name>.<tool>`); letters, digits, `_` and `-`. */
  name: string;
  transport: McpTransportConfig;
  /** Side effects per MCP tool name, overriding everything else. */
  sideEffects?: Record<string, ToolSideEffects>;
  /** For tools not listed above; when unset, `none` for tools annotated read-only, else `unsafe`. */
  defaultSideEffects?: ToolSideEffects;
  /** Per-call timeout in milliseconds (the SDK default is 60 s); also each request of connecting and listing. */
  callTimeoutMs?: number;
  /** Connecting and listing every tools/list page must end within this (default `defaultMcpOpenTimeoutMs`). */
  openTimeoutMs?: number;
  /**
   * Bytes read at most of one answer: from an HTTP server a response body or one SSE event, from a
   * stdio server one line (default `defaultMcpAnswerMaxBytes`, 1 MiB). A longer answer is cut off
   * and fails `mcp-protocol`; a stdio server is stopped.
   */
  answerMaxBytes?: number;
  /**
   * The deployment's outbound policy for an HTTP server's URL (checked before connecting, and at
   * every connection); default: public addresses only.
   */
  outbound?: OutboundPolicy;
}

/** A live connection: the server's tools as runtime tools, and a way to hang up. */
export interface McpServerConnection {
  readonly serverName: string;
  /** The version the server reported during initialization, when it did. */
  readonly serverVersion: string | undefined;
  readonly tools: readonly Tool[];
  /** Disconnects (and stops a stdio server). Calls made afterwards fail. */
  close(): Promise<void>;
}

/** How long connecting and listing tools may take in all, unless configured: the SDK's per-request default. */
export const defaultMcpOpenTimeoutMs = 60_000;

/** What the caller of `connectMcpServer` controls beyond the server's configuration. */
export interface McpConnectOptions {
  /** Aborts connecting and listing (a run's cancel): the connect rejects at once with an `aborted` error. */
  signal?: AbortSignal;
}

function sideEffectsOf(config: McpServerConfig, tool: McpTool): ToolSideEffects {
  return (
    config.sideEffects?.[tool.name] ??
    config.defaultSideEffects ??
    (tool.annotations?.readOnlyHint === true ? 'none' : 'unsafe')
  );
}

function adaptTool(client: Client, config: McpServerConfig, serverVersion: string | undefined, mcpTool: McpTool): Tool {
  const server = serverVersion === undefined ? config.name : `${config.name}@${serverVersion}`;
  return {
    name: `mcp.${config.name}.${mcpTool.name}`,
    description: mcpTool.description ?? mcpTool.title ?? mcpTool.name,
    implementationId: `mcp/${server}/${mcpTool.name}`,
    inputSchema: mcpTool.inputSchema,
    sideEffects: sideEffectsOf(config, mcpTool),
    async execute(args: Record<string, unknown>, context: BasicToolContext): Promise<ToolResult> {
      try {
        const result = await client.callTool(
          { name: mcpTool.name, arguments: args, _meta: { [mcpIdempotencyKeyMetaKey]: context.idempotencyKey } },
          undefined,
          { signal: context.signal, timeout: config.callTimeoutMs },
        );
        return toToolResult(result as McpCallResult);
      } catch (error) {
        if (context.signal.aborted) throw toolAbortedError(context.signal, `MCP tool ${mcpTool.name}`);
        // Protocol errors (unknown tool, invalid params, timeout) are reported to the model, which can adapt.
        const message = error instanceof Error ? error.message : String(error);
        return { content: `MCP server ${config.name} failed to run ${mcpTool.name}: ${message}`, isError: true };
      }
    },
  };
}

/**
 * Connects to an MCP server with the official SDK client, lists its tools once (the registry is
 * frozen after assembly; the listing is bounded, see `listAllTools`) and adapts each one. What the
 * server answers is read through an `McpAnswerBound`. The caller owns the connection and must
 * `close()` it.
 * @throws ToolAdapterError `aborted` when `options.signal` aborted, `mcp-protocol` for an answer no
 * MCP server should give (too large, an endless listing, nothing within `openTimeoutMs`), else `mcp-connection`
 */
export async function connectMcpServer(config: McpServerConfig, options: McpConnectOptions = {}): Promise<McpServerConnection> {
  if (!/^[A-Za-z0-9_-]+$/.test(config.name)) {
    throw new ToolAdapterError(
      'mcp-connection',
      `MCP server name "${config.name}" may only use letters, digits, _ and -`,
    );
  }
  // Loaded on first use, so processes without MCP servers start without the SDK.
  const { Client: McpClient } = await import('@modelcontextprotocol/sdk/client/index.js');
  const client = new McpClient({ name: 'agentloom', version: '0.1.0' });
  const policy = config.outbound ?? new OutboundPolicy();
  const bound = new McpAnswerBound(config.name, config.answerMaxBytes);
  const openTimeoutMs = config.openTimeoutMs ?? defaultMcpOpenTimeoutMs;
  const deadline = AbortSignal.timeout(openTimeoutMs);
  // One signal for every request of the opening: the caller's abort or the overall deadline.
  const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
  const requestOptions = { signal, timeout: config.callTimeoutMs };
  try {
    signal.throwIfAborted();
    // The save-time check for an HTTP server: its name must resolve to allowed addresses now.
    if (config.transport.type === 'http') await policy.assertAllowed(config.transport.url);
    await client.connect(await createMcpTransport(config.transport, policy, bound), requestOptions);
    const serverVersion = client.getServerVersion()?.version;
    const tools = (await listAllTools(client, config.name, requestOptions)).map((tool) => adaptTool(client, config, serverVersion, tool));
    return { serverName: config.name, serverVersion, tools, close: () => client.close() };
  } catch (error) {
    await client.close().catch(() => undefined);
    throw openingFailure(config.name, error, { caller: options.signal, deadline, openTimeoutMs, bound });
  }
}

/** The error a failed opening reports: the caller's abort first, then what the adapter itself found wrong. */
function openingFailure(
  serverName: string,
  error: unknown,
  context: { caller: AbortSignal | undefined; deadline: AbortSignal; openTimeoutMs: number; bound: McpAnswerBound },
): ToolAdapterError {
  if (context.caller?.aborted) return toolAbortedError(context.caller, `Connecting to MCP server ${serverName}`);
  // An answer cut at the limit is the cause, whatever the SDK made of the broken-off body.
  if (context.bound.oversize) return context.bound.oversize;
  if (error instanceof ToolAdapterError && error.kind === 'mcp-protocol') return error;
  if (context.deadline.aborted) {
    return new ToolAdapterError('mcp-protocol', `MCP server ${serverName} did not connect and list its tools within ${context.openTimeoutMs} ms`);
  }
  const message = error instanceof Error ? error.message : String(error);
  return new ToolAdapterError('mcp-connection', `Could not connect to MCP server ${serverName}: ${message}`, { cause: error });
}
