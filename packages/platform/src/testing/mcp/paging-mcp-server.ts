import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

import { startLoopbackMcpServer } from './loopback-mcp-server';

/** One tools/list page; a page that never resolves holds the request until the client drops it. */
export type ToolPage = { tools: unknown[]; nextCursor?: string } | Promise<{ tools: unknown[]; nextCursor?: string }>;

/** A started paging server and what it saw. */
export interface PagingMcpServer {
  url: string;
  /** tools/list requests received so far. */
  listPages: number;
  /** tools/list requests whose connection the client closed before they were answered. */
  droppedPages: number;
  close(): Promise<void>;
}

/**
 * A stateless Streamable HTTP MCP server on loopback whose tools/list answers come from `page`
 * (a trimmed copy of the runtime's hostile server, for the platform's listing and cancel tests).
 */
export async function startPagingMcpServer(page: (cursor: string | undefined) => ToolPage): Promise<PagingMcpServer> {
  const seen = { listPages: 0, droppedPages: 0 };
  const server = await startLoopbackMcpServer('paging', (mcp, response) => {
    mcp.setRequestHandler(ListToolsRequestSchema, (listRequest) => {
      seen.listPages += 1;
      response.on('close', () => {
        if (!response.writableFinished) seen.droppedPages += 1;
      });
      return page(listRequest.params?.cursor);
    });
  });
  return {
    url: server.url,
    get listPages() {
      return seen.listPages;
    },
    get droppedPages() {
      return seen.droppedPages;
    },
    close: () => server.close(),
  };
}

/** A tool with an empty object schema. */
export const pagingTool = (name: string) => ({ name, description: `tool ${name}`, inputSchema: { type: 'object', properties: {} } });
