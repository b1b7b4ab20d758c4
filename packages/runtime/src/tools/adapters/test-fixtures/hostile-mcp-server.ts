import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

/** What the hostile server does; each part left out behaves as a plain MCP server would. */
export interface HostileBehaviour {
  /** The tools/list page for `cursor` (may never resolve, to hold the request). */
  listTools(cursor: string | undefined): { tools: unknown[]; nextCursor?: string } | Promise<{ tools: unknown[]; nextCursor?: string }>;
  /** Takes over a tools/call HTTP response (raw bytes, for endless answers). */
  rawCall?(response: ServerResponse, id: unknown): void;
  /** Takes over the client's standalone GET stream. */
  rawGet?(response: ServerResponse): void;
}

/** A started hostile server and what it saw. */
export interface HostileMcpServer {
  url: string;
  /** tools/list requests answered or held so far. */
  listPages: number;
  close(): Promise<void>;
}

/** How much of an endless answer was written, and whether the client dropped the connection. */
export interface EndlessAnswer {
  bytesWritten: number;
  finished: boolean;
  closed: boolean;
}

/**
 * Writes `prefix`, then 64 KiB chunks until `totalBytes` (then `suffix`) or until the client drops
 * the connection, honouring back-pressure so the server never buffers what the client did not read.
 */
export function writeEndlessAnswer(response: ServerResponse, parts: { prefix: string; suffix?: string; totalBytes: number }): EndlessAnswer {
  const answer: EndlessAnswer = { bytesWritten: 0, finished: false, closed: false };
  response.on('finish', () => (answer.finished = true));
  response.on('close', () => (answer.closed = true));
  const chunk = 'a'.repeat(64 * 1024);
  const closed = once(response, 'close');
  void (async () => {
    response.write(parts.prefix);
    while (answer.bytesWritten < parts.totalBytes && !answer.closed) {
      answer.bytesWritten += chunk.length;
      if (!response.write(chunk)) await Promise.race([once(response, 'drain'), closed]);
    }
    if (!answer.closed && parts.suffix !== undefined) response.end(parts.suffix);
  })().catch(() => undefined);
  return answer;
}

/** A stateless Streamable HTTP MCP server on loopback that misbehaves as `behaviour` says. */
export async function startHostileMcpServer(behaviour: HostileBehaviour): Promise<HostileMcpServer> {
  const state: HostileMcpServer = { url: '', listPages: 0, close: () => Promise.resolve() };
  const http = createServer((request, response) => {
    if (request.method === 'GET') {
      if (behaviour.rawGet) behaviour.rawGet(response);
      else response.writeHead(405).end();
      return;
    }
    void readJson(request).then(
      async (body) => {
        const message = body as { method?: string; id?: unknown } | undefined;
        if (behaviour.rawCall && message?.method === 'tools/call') return behaviour.rawCall(response, message.id);
        const mcp = new Server({ name: 'hostile', version: '1.0.0' }, { capabilities: { tools: {} } });
        mcp.setRequestHandler(ListToolsRequestSchema, (listRequest) => {
          state.listPages += 1;
          return behaviour.listTools(listRequest.params?.cursor);
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
export const simpleTool = (name: string) => ({ name, description: `tool ${name}`, inputSchema: { type: 'object', properties: {} } });
