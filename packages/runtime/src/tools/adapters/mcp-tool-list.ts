import { createHash } from 'node:crypto';

import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { Tool as McpTool } from '@modelcontextprotocol/sdk/types.js';

import { ToolAdapterError } from './adapter-error';

/**
 * The most tools/list pages read from one server. A server that keeps sending a new cursor is
 * broken or hostile: listing runs at "test connection", at every save that pins tool schemas and at
 * the start of every run using the server, so it must end.
 */
export const mcpToolListMaxPages = 100;

/** The most tools one server may list: far more than a model can choose among, few enough to hold. */
export const mcpToolListMaxTools = 1_000;

function protocolError(message: string): ToolAdapterError {
  return new ToolAdapterError('mcp-protocol', message);
}

/**
 * Every page of the server's tools/list, following `nextCursor`. A cursor sent twice (a loop), more
 * than `mcpToolListMaxPages` pages or more than `mcpToolListMaxTools` tools is an `mcp-protocol`
 * failure naming the server, never the server's own text (its cursor is not quoted).
 * `options` carry the caller's abort signal and timeout to each page's request.
 */
export async function listAllTools(client: Client, serverName: string, options: RequestOptions): Promise<McpTool[]> {
  const tools: McpTool[] = [];
  // Hashes, not the cursors: each may be as large as a whole answer.
  const seenCursors = new Set<string>();
  let cursor: string | undefined;
  for (let page = 1; ; page += 1) {
    const answer = await client.listTools(cursor === undefined ? {} : { cursor }, options);
    tools.push(...answer.tools);
    if (tools.length > mcpToolListMaxTools) throw protocolError(`MCP server ${serverName} listed more than ${mcpToolListMaxTools} tools`);
    cursor = answer.nextCursor;
    if (cursor === undefined) return tools;
    const key = createHash('sha256').update(cursor).digest('base64');
    if (seenCursors.has(key)) throw protocolError(`MCP server ${serverName} sent a tools/list cursor it had already sent (the listing would never end)`);
    seenCursors.add(key);
    if (page >= mcpToolListMaxPages) throw protocolError(`MCP server ${serverName} listed its tools in more than ${mcpToolListMaxPages} pages`);
  }
}
