import { findOutboundRefusal, ToolAdapterError } from '@agentloom/runtime';

import type { McpConnectionErrorKind } from './mcp-server.schema';

/** Why an MCP server could not be used; `kind` is what "connect and list tools" and failed runs report. */
export class McpConnectionError extends Error {
  override readonly name = 'McpConnectionError';

  constructor(
    readonly kind: McpConnectionErrorKind,
    message: string,
    options: { cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
  }
}

const unreachableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOENT',
  'EACCES',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET',
]);

/**
 * Sorts a connection failure by what the operator or tenant must fix: the outbound policy refused
 * the target, the server refused the credentials (HTTP 401/403), nothing answered (refused
 * connection, unknown host, a stdio command that does not start or exits at once), or it answered
 * but not as an MCP server.
 */
export function classifyMcpConnectionError(serverName: string, error: unknown): McpConnectionError {
  if (error instanceof McpConnectionError) return error;
  const refusal = findOutboundRefusal(error);
  // The policy's own words, which name the target by scheme, host and port only (describeUrlForMessage):
  // the rest of an MCP server's URL is admin-only and may be its credential (`…/mcp/s/<secret>/mcp`).
  if (refusal) return new McpConnectionError('mcp-outbound-refused', `MCP server ${serverName}: ${refusal.message}`, { cause: error });
  const chain = errorChain(error);
  // The runtime adapter's own finding (an answer past its byte limit, a tools/list that would never
  // end): its message is the adapter's words naming the server, never the server's text.
  const protocolFinding = chain.find((entry) => entry instanceof ToolAdapterError && entry.kind === 'mcp-protocol');
  if (protocolFinding) return new McpConnectionError('mcp-protocol', protocolFinding.message, { cause: error });
  const status = chain.map((entry) => (entry as { code?: unknown }).code).find((code): code is number => typeof code === 'number');
  if (status === 401 || status === 403 || chain.some((entry) => entry.constructor.name === 'UnauthorizedError')) {
    return new McpConnectionError('mcp-auth', `MCP server ${serverName} refused the credentials (HTTP ${status ?? 401}); check its auth headers`, {
      cause: error,
    });
  }
  const code = chain.map((entry) => (entry as { code?: unknown }).code).find((value): value is string => typeof value === 'string');
  // A stdio child that exits before answering surfaces as "Connection closed" (MCP error -32000).
  const closed = chain.some((entry) => /connection closed/i.test(entry.message));
  const detail = failureDetail(chain, { status, code, closed });
  if ((code !== undefined && unreachableCodes.has(code)) || closed || chain.some((entry) => entry.message === 'fetch failed')) {
    return new McpConnectionError('mcp-unreachable', `MCP server ${serverName} is unreachable: ${detail}`, { cause: error });
  }
  return new McpConnectionError('mcp-protocol', `MCP server ${serverName} did not answer as an MCP server: ${detail}`, { cause: error });
}

/**
 * What a failure message may say about the cause: the HTTP status, the local error code, that the
 * connection closed, or the error's class — never an error's own text. That text can be the
 * server's: the SDK quotes the response body ("Error POSTing to endpoint (HTTP 500): <body>") and a
 * JSON-RPC error's message. The message reaches the "connect and list tools" answer, the save-time
 * refusal and a failed run's error (readable by viewers, sent in webhooks), so a URL aimed at an
 * internal service the operator allowlisted would otherwise read that service's answers back, as
 * model errors would without classify-error.ts.
 */
function failureDetail(chain: readonly Error[], cause: { status: number | undefined; code: string | undefined; closed: boolean }): string {
  if (cause.status !== undefined) return `HTTP ${cause.status}`;
  if (cause.code !== undefined) return cause.code;
  if (cause.closed) return 'connection closed';
  return chain.at(-1)?.name ?? 'unknown error';
}

function errorChain(error: unknown): Error[] {
  const chain: Error[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current instanceof Error; depth += 1) {
    chain.push(current);
    current = current.cause;
  }
  return chain;
}
