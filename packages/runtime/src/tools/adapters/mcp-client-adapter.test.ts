import { randomUUID } from 'node:crypto';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboundPolicy } from '../../outbound/outbound-policy';
import { connectMcpServer, type McpServerConnection } from './mcp-client-adapter';
import { basicContext } from './test-support/basic-context';
import { createTestMcpServer } from './test-fixtures/mcp-test-server';

const stdioServerScript = fileURLToPath(new URL('./test-fixtures/mcp-stdio-server.ts', import.meta.url));

function toolNamed(connection: McpServerConnection, name: string) {
  const tool = connection.tools.find((candidate) => candidate.name === name);
  if (tool === undefined) throw new Error(`no tool ${name}`);
  return tool;
}

/** The checks both transports must pass. */
function describeAdapterContract(label: string, connect: () => Promise<McpServerConnection>) {
  describe(`MCP client adapter over ${label}`, () => {
    let connection: McpServerConnection;
    beforeAll(async () => {
      connection = await connect();
    }, 30_000);
    afterAll(async () => {
      await connection.close();
    });

    it('exposes the server tools namespaced, versioned, with their schemas and side effects', () => {
      expect(connection.serverVersion).toBe('1.2.3');
      expect(connection.tools.map((tool) => [tool.name, tool.implementationId, tool.sideEffects])).toEqual([
        ['mcp.fixture.echo', 'mcp/fixture@1.2.3/echo', 'none'],
        ['mcp.fixture.wait', 'mcp/fixture@1.2.3/wait', 'unsafe'],
      ]);
      expect(toolNamed(connection, 'mcp.fixture.echo').inputSchema).toEqual({
        type: 'object',
        properties: { text: { type: 'string' } },
        required: ['text'],
      });
    });

    it('calls a tool and forwards the idempotency key in _meta', async () => {
      const result = await toolNamed(connection, 'mcp.fixture.echo').execute(
        { text: 'hi' },
        basicContext({ idempotencyKey: 'run-7:call-3' }),
      );
      expect(result.content).toBe('echo: hi');
      expect(result.isError).toBe(false);
      expect(result.data).toMatchObject({ structuredContent: { meta: { idempotencyKey: 'run-7:call-3' } } });
    });

    it('calls the second tool', async () => {
      const result = await toolNamed(connection, 'mcp.fixture.wait').execute({ milliseconds: 10 }, basicContext());
      expect(result).toMatchObject({ content: 'waited', isError: false });
    });

    it('rejects promptly with an AbortError when the run aborts a call', async () => {
      const controller = new AbortController();
      const pending = toolNamed(connection, 'mcp.fixture.wait').execute(
        { milliseconds: 30_000 },
        basicContext({ signal: controller.signal }),
      );
      setTimeout(() => controller.abort(new Error('run cancelled')), 50);
      const started = Date.now();
      await expect(pending).rejects.toMatchObject({ name: 'AbortError', kind: 'aborted' });
      // Well under the call's 30 s: only the abort can have ended it (no tighter bound on busy machines).
      expect(Date.now() - started).toBeLessThan(15_000);
    });
  });
}

describeAdapterContract('stdio', () =>
  connectMcpServer({
    name: 'fixture',
    transport: { type: 'stdio', command: process.execPath, args: ['--import', 'tsx', stdioServerScript] },
  }),
);

let httpServer: HttpServer | undefined;

describeAdapterContract('Streamable HTTP', async () => {
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID() });
  await createTestMcpServer().connect(transport);
  httpServer = createServer((request, response) => void transport.handleRequest(request, response));
  await new Promise<void>((resolve) => httpServer?.listen(0, '127.0.0.1', resolve));
  const { port } = httpServer.address() as AddressInfo;
  // The fixture listens on loopback, which the outbound policy refuses unless the operator allows it.
  const outbound = new OutboundPolicy({ allowPrivateTargets: ['127.0.0.1'] });
  return connectMcpServer({ name: 'fixture', transport: { type: 'http', url: `http://127.0.0.1:${port}/mcp` }, outbound });
});

afterAll(async () => {
  httpServer?.closeAllConnections();
  await new Promise((resolve) => httpServer?.close(resolve));
});

describe('MCP client adapter configuration', () => {
  it('refuses server names that would break tool names, and reports connection failures', async () => {
    await expect(
      connectMcpServer({ name: 'bad.name', transport: { type: 'http', url: 'http://127.0.0.1:1/mcp' } }),
    ).rejects.toMatchObject({
      kind: 'mcp-connection',
    });
    await expect(
      connectMcpServer({ name: 'down', transport: { type: 'http', url: 'http://127.0.0.1:1/mcp' }, outbound: new OutboundPolicy({ allowPrivateTargets: ['127.0.0.1'] }) }),
    ).rejects.toMatchObject({
      kind: 'mcp-connection',
    });
  });
});
