import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

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
  const state: PagingMcpServer = { url: '', listPages: 0, droppedPages: 0, close: () => Promise.resolve() };
  const http = createServer((request, response) => {
    if (request.method !== 'POST') {
      response.writeHead(405).end();
      return;
    }
    void readJson(request).then(
      async (body) => {
        const mcp = new Server({ name: 'paging', version: '1.0.0' }, { capabilities: { tools: {} } });
        mcp.setRequestHandler(ListToolsRequestSchema, (listRequest) => {
          state.listPages += 1;
          response.on('close', () => {
            if (!response.writableFinished) state.droppedPages += 1;
          });
          return page(listRequest.params?.cursor);
        });
        const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
        response.on('close', () => void transport.close().then(() => mcp.close()));
        await mcp.connect(transport);
        await transport.handleRequest(request, response, body);
      },
      () => response.writeHead(400).end(),
    );
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
  state.close = () =>
    new Promise<void>((resolve) => {
      http.closeAllConnections();
      http.close(() => resolve());
    });
  return state;
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text === '' ? undefined : JSON.parse(text);
}

/** A tool with an empty object schema. */
export const pagingTool = (name: string) => ({ name, description: `tool ${name}`, inputSchema: { type: 'object', properties: {} } });
