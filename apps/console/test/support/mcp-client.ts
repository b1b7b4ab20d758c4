import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

import { fetchOnNewConnection } from './new-connection';

/**
 * The official MCP SDK client on the console's `/api/mcp` with a bearer API key (or none), each
 * HTTP request on a connection of its own (see `fetchOnNewConnection`).
 */
export async function connectMcpClient(baseUrl: string, apiKey: string | undefined): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL('/api/mcp', baseUrl), {
    requestInit: { headers: apiKey === undefined ? {} : { Authorization: `Bearer ${apiKey}` } },
    fetch: (url, init) => fetchOnNewConnection(String(url), init ?? {}),
  });
  const client = new Client({ name: 'agentloom-test', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

/** A tool call's answer as the tests read it: the structured JSON, and the error's kind when it failed. */
export interface ToolAnswer<Body = Record<string, unknown>> {
  isError: boolean;
  body: Body;
  /** `error.kind` of a failed call (`not-found`, `forbidden`, `validation`…). */
  kind: string | undefined;
  text: string;
}

export async function callTool<Body = Record<string, unknown>>(
  client: Client,
  name: string,
  args: Record<string, unknown>,
  options: Parameters<Client['callTool']>[2] = {},
): Promise<ToolAnswer<Body>> {
  const result = (await client.callTool({ name, arguments: args }, undefined, options)) as CallToolResult;
  const text = result.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
  const body = (result.structuredContent ?? JSON.parse(text)) as Body & { error?: { kind?: string } };
  return { isError: result.isError === true, body, kind: result.isError ? body.error?.kind : undefined, text };
}

/** A raw JSON-RPC POST to `/api/mcp` (no SDK), for HTTP-level checks: status, headers, body text. */
export async function postMcp(baseUrl: string, apiKey: string | undefined, message: unknown): Promise<Response> {
  return fetchOnNewConnection(`${baseUrl}/api/mcp`, {
    method: 'POST',
    headers: {
      ...(apiKey === undefined ? {} : { Authorization: `Bearer ${apiKey}` }),
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
    },
    body: JSON.stringify(message),
  });
}
