import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startConnectionRecorder, type ConnectionRecorder } from '../testing/connection-recorder';
import { createTestResolver, refusedAddressForms, urlFor } from '../testing/outbound-address-forms';
import { defineHttpRequestTool } from '../tools/adapters/http-request-tool';
import { connectMcpServer } from '../tools/adapters/mcp-client-adapter';
import { basicContext } from '../tools/adapters/test-support/basic-context';
import { OutboundPolicy } from './outbound-policy';

/**
 * The SSRF matrix for the runtime's own outbound paths (HTTP tool, MCP Streamable HTTP): every
 * address form that lands on 127.0.0.1 is sent through the real path at a loopback recorder that
 * must see no connection. (Forms pointing elsewhere are refused by the same policy calls, tested
 * in outbound-policy.test.ts without any connection.)
 */
const loopbackForms = refusedAddressForms.filter((form) => form.reachesLoopback === true);

let recorder: ConnectionRecorder;
beforeAll(async () => {
  recorder = await startConnectionRecorder(200);
});
afterAll(() => recorder.close());

describe('HTTP tool over the SSRF matrix', () => {
  it.each(loopbackForms.map((form) => [form.form, form] as const))('refuses %s', async (_label, form) => {
    const tool = defineHttpRequestTool({ policy: new OutboundPolicy({ resolve: createTestResolver() }) });
    const result = await tool.execute({ url: urlFor(form, recorder.port, 'x') }, basicContext());
    expect(result).toMatchObject({ isError: true, content: expect.stringContaining(form.reason!) as string });
    expect(recorder.connections).toBe(0);
  });

  it('re-checks every redirect hop: an allowed host redirecting to loopback in another spelling is refused', async () => {
    const redirector: Server = createServer((_request, response) => {
      response.writeHead(302, { location: `http://[::ffff:127.0.0.1]:${recorder.port}/internal` }).end();
    });
    await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
    const { port } = redirector.address() as AddressInfo;
    try {
      const policy = new OutboundPolicy({ allowPrivateTargets: ['redirector.test'], resolve: createTestResolver({ 'redirector.test': ['127.0.0.1'] }) });
      const result = await defineHttpRequestTool({ policy }).execute({ url: `http://redirector.test:${port}/start` }, basicContext());
      expect(result).toMatchObject({ isError: true, content: expect.stringContaining('loopback') as string });
      expect(recorder.connections).toBe(0);
    } finally {
      redirector.closeAllConnections();
      await new Promise((resolve) => redirector.close(resolve));
    }
  });

  it('refuses a name that rebinds to loopback between the check and the connection', async () => {
    // The tool checks (lookup 1: public), then connects (lookup 2: loopback).
    const result = await defineHttpRequestTool({ policy: new OutboundPolicy({ resolve: createTestResolver() }) }).execute(
      { url: `http://rebinding.test:${recorder.port}/x` },
      basicContext(),
    );
    expect(result).toMatchObject({ isError: true, content: expect.stringContaining('loopback') as string });
    expect(recorder.connections).toBe(0);
  });
});

describe('MCP Streamable HTTP over the SSRF matrix', () => {
  it.each(loopbackForms.map((form) => [form.form, form] as const))('refuses %s', async (_label, form) => {
    const outbound = new OutboundPolicy({ resolve: createTestResolver() });
    const connecting = connectMcpServer({ name: 'matrix', transport: { type: 'http', url: urlFor(form, recorder.port, 'mcp') }, outbound });
    await expect(connecting).rejects.toMatchObject({ kind: 'mcp-connection', message: expect.stringContaining(form.reason!) as string });
    expect(recorder.connections).toBe(0);
  });

  it('refuses a name that rebinds to loopback after the connect-time check (guarded fetch)', async () => {
    const outbound = new OutboundPolicy({ resolve: createTestResolver() });
    const connecting = connectMcpServer({ name: 'rebinding', transport: { type: 'http', url: `http://rebinding.test:${recorder.port}/mcp` }, outbound });
    await expect(connecting).rejects.toMatchObject({ kind: 'mcp-connection', message: expect.stringContaining('loopback') as string });
    expect(recorder.connections).toBe(0);
  });
});
