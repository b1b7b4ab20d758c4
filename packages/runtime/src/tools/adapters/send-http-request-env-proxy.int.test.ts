import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repositoryRoot = fileURLToPath(new URL('../../../../../', import.meta.url));
const moduleOf = (relative: string) => JSON.stringify(fileURLToPath(new URL(relative, import.meta.url)));

/**
 * Run in a child process, as an operator would start one: the HTTP tool, for an http and an https
 * URL whose name answers a public address at the check and loopback at the connection (DNS
 * rebinding). First, a request on Node's global agent shows that the environment proxy is on.
 */
const probe = `
  import http from 'node:http';
  import { OutboundPolicy } from ${moduleOf('../../outbound/outbound-policy.ts')};
  import { defineHttpRequestTool } from ${moduleOf('./http-request-tool.ts')};
  import { basicContext } from ${moduleOf('./test-support/basic-context.ts')};

  const control = await new Promise((resolve) =>
    http.get('http://control.test/', (response) => resolve(response.statusCode)).on('error', (error) => resolve(error.message)),
  );
  let answers = 0;
  const policy = new OutboundPolicy({
    resolve: async () => (answers++ === 0 ? [{ address: '93.184.216.34', family: 4 }] : [{ address: '127.0.0.1', family: 4 }]),
  });
  const tool = defineHttpRequestTool({ policy, methods: ['GET'] });
  const results = {};
  for (const url of ['http://rebind.test:8080/internal', 'https://rebind.test:8443/internal']) {
    answers = 0;
    const result = await tool.execute({ url }, basicContext());
    results[url] = { isError: result.isError, content: result.content.slice(0, 300) };
  }
  console.log(JSON.stringify({ control, results }));
`;

/**
 * ADR 0012: every connection the HTTP tool makes gets only addresses the policy's `lookup` judged.
 * Node 24 sends requests on its global agents through `HTTP_PROXY`/`HTTPS_PROXY` when the process
 * runs with `NODE_USE_ENV_PROXY=1`; the proxy resolved the name itself, so a rebinding name was
 * fetched from loopback. The tool's requests now use agents of their own and never the proxy.
 */
describe('the HTTP tool under an environment proxy (NODE_USE_ENV_PROXY=1)', () => {
  let proxy: Server;
  let proxyUrl: string;
  const seen: string[] = [];

  beforeAll(async () => {
    proxy = createServer((request, response) => {
      seen.push(`${request.method} ${request.url}`);
      response.end('answered by the proxy');
    });
    // An https request through a proxy asks for a tunnel first.
    proxy.on('connect', (request: { url?: string }, socket: NodeJS.WritableStream) => {
      seen.push(`CONNECT ${request.url}`);
      socket.end('HTTP/1.1 502 Bad Gateway\r\n\r\n');
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    proxy.closeAllConnections();
    await new Promise((resolve) => proxy.close(resolve));
  });

  it('sends nothing to the proxy and refuses the name that rebinds to loopback, over http and https', async () => {
    // No exclusions: every name would go through the proxy if the request used Node's own agents.
    const proxyVariables = { HTTP_PROXY: proxyUrl, HTTPS_PROXY: proxyUrl, http_proxy: proxyUrl, https_proxy: proxyUrl, NO_PROXY: '', no_proxy: '' };
    const environment = { ...process.env, NODE_USE_ENV_PROXY: '1', ...proxyVariables };
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', probe], {
      cwd: repositoryRoot,
      env: environment,
      timeout: 90_000,
      killSignal: 'SIGKILL',
    });
    const { control, results } = JSON.parse(stdout.trim().split('\n').at(-1)!) as {
      control: unknown;
      results: Record<string, { isError: boolean; content: string }>;
    };

    // The environment proxy is on in that process: Node's global agent went through it.
    expect(control).toBe(200);
    expect(seen).toEqual(['GET http://control.test/']);
    for (const url of ['http://rebind.test:8080/internal', 'https://rebind.test:8443/internal']) {
      expect(results[url], url).toMatchObject({ isError: true, content: expect.stringContaining('loopback') as unknown });
    }
  });
});
