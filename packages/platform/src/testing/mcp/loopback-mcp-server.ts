import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

/** A started loopback MCP server: its URL and how to stop it. */
export interface LoopbackMcpServer {
  url: string;
  close(): Promise<void>;
}

/**
 * A stateless Streamable HTTP MCP server on loopback (JSON answers, no sessions, GET refused with 405),
 * for tests that script a server's answers: `setUp` registers the request handlers on the MCP server
 * built for each POST, and gets that POST's response to watch (a client that drops the request closes it).
 */
export async function startLoopbackMcpServer(name: string, setUp: (mcp: Server, response: ServerResponse) => void): Promise<LoopbackMcpServer> {
  const http = createServer((request, response) => {
    if (request.method !== 'POST') {
      response.writeHead(405).end();
      return;
    }
    void readJson(request).then(
      async (body) => {
        const mcp = new Server({ name, version: '1.0.0' }, { capabilities: { tools: {} } });
        setUp(mcp, response);
        const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
        response.on('close', () => void transport.close().then(() => mcp.close()));
        await mcp.connect(transport);
        await transport.handleRequest(request, response, body);
      },
      () => response.writeHead(400).end(),
    );
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`,
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text === '' ? undefined : JSON.parse(text);
}
