import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { OutboundPolicy } from '@agentloom/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { SecretBox } from '../secrets/secret-box';
import { classifyMcpConnectionError } from './mcp-connection-error';
import { McpConnector } from './mcp-connector';
import type { McpServerRow } from './mcp-server-view';

/**
 * A failure's message reaches the "connect and list tools" answer, the save-time refusal and a failed
 * run's error, which viewers read and webhooks send: it names the kind and the status or code, never
 * text the server wrote (a URL aimed at an internal service the operator allowlisted would otherwise
 * read that service's answers back).
 */
describe('MCP connection failures carry no text the server wrote', () => {
  const internalText = `INTERNAL-ONLY-${Math.random().toString(36).slice(2)}`;
  let server: Server;
  let url: string;
  let status = 500;

  beforeAll(async () => {
    server = createServer((request, response) => {
      request.resume();
      const moved = status >= 300 && status < 400 ? { location: 'https://mcp.example.com/new-home' } : {};
      response.writeHead(status, { 'content-type': 'text/plain', ...moved }).end(`internal service says: ${internalText}`);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const connectError = async (path = ''): Promise<Error> => {
    const connector = new McpConnector(new OutboundPolicy({ allowPrivateTargets: ['127.0.0.1'] }), new SecretBox(Buffer.alloc(32, 7)), {});
    const row = {
      id: 'x',
      tenantId: 't',
      name: 'probe',
      description: '',
      transport: 'streamable-http',
      stdioCommand: null,
      url: `${url}${path}`,
      headers: {},
    } as unknown as McpServerRow;
    return connector.open(row).then(
      () => {
        throw new Error('expected the connection to fail');
      },
      (thrown: unknown) => thrown as Error,
    );
  };

  it.each([
    [500, 'mcp-protocol'],
    [404, 'mcp-protocol'],
    [401, 'mcp-auth'],
  ])('an answer of HTTP %i is reported as %s, with its status and without its body', async (answer, kind) => {
    status = answer;
    const error = await connectError();
    expect(error).toMatchObject({ kind });
    expect(error.message).not.toContain(internalText);
    expect(error.message).toContain(`HTTP ${answer}`);
  });

  it('a redirect is refused naming the server by scheme, host and port, never the path or query that may be its credential', async () => {
    status = 301;
    const error = await connectError('/mcp/s/secret-path/mcp?token=secret-query');
    expect(error).toMatchObject({
      kind: 'mcp-outbound-refused',
      message: `MCP server probe: Refused to follow a redirect from ${new URL(url).origin} (HTTP 301): outbound calls do not follow redirects`,
    });
  });

  it('a local cause is named by its code; an error without one by its class, not its text', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 10.1.2.3:443'), { code: 'ECONNREFUSED' });
    expect(classifyMcpConnectionError('probe', new Error('fetch failed', { cause: refused })).message).toBe('MCP server probe is unreachable: ECONNREFUSED');
    expect(classifyMcpConnectionError('probe', new Error('MCP error -32000: Connection closed')).message).toBe(
      'MCP server probe is unreachable: connection closed',
    );
    const quoted = new SyntaxError(`Unexpected token in JSON: ${internalText}`);
    expect(classifyMcpConnectionError('probe', quoted).message).toBe('MCP server probe did not answer as an MCP server: SyntaxError');
  });
});
