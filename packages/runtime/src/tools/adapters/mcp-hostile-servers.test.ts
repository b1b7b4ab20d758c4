import type { ServerResponse } from 'node:http';

import { afterAll, describe, expect, it } from 'vitest';

import { OutboundPolicy } from '../../outbound/outbound-policy';
import { defaultMcpAnswerMaxBytes } from './mcp-answer-bound';
import { connectMcpServer, type McpServerConnection } from './mcp-client-adapter';
import { mcpToolListMaxPages, mcpToolListMaxTools } from './mcp-tool-list';
import { basicContext } from './test-support/basic-context';
import {
  simpleTool,
  startHostileMcpServer,
  writeEndlessAnswer,
  type EndlessAnswer,
  type HostileBehaviour,
  type HostileMcpServer,
} from './test-fixtures/hostile-mcp-server';

// Servers that answer as MCP servers but never stop: each must end in a bounded failure, not a hang
// or an unbounded buffer. No test here measures time; each waits for a state the server records.

const servers: HostileMcpServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
});

async function hostile(behaviour: HostileBehaviour): Promise<HostileMcpServer> {
  const server = await startHostileMcpServer(behaviour);
  servers.push(server);
  return server;
}

// The servers listen on loopback, which the outbound policy refuses unless the operator allows it.
const connect = (name: string, server: HostileMcpServer, signal?: AbortSignal): Promise<McpServerConnection> =>
  connectMcpServer({ name, transport: { type: 'http', url: server.url }, outbound: new OutboundPolicy({ allowPrivateTargets: ['127.0.0.1'] }) }, { signal });

async function until(check: () => boolean, label: string): Promise<void> {
  for (let attempt = 0; attempt < 3_000; attempt += 1) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`never: ${label}`);
}

const endlessTotal = 48 * 1024 * 1024;

describe('an MCP server whose tools/list never ends', () => {
  it('fails mcp-protocol, naming the server, at the first repeated cursor', async () => {
    const server = await hostile({ listTools: () => ({ tools: [simpleTool('a')], nextCursor: 'again' }) });
    await expect(connect('pager', server)).rejects.toMatchObject({ kind: 'mcp-protocol', message: expect.stringContaining('MCP server pager') as string });
    expect(server.listPages).toBe(2);
  });

  it(`stops after ${mcpToolListMaxPages} pages of ever new cursors`, async () => {
    const server = await hostile({ listTools: (cursor) => ({ tools: [], nextCursor: `${Number(cursor ?? 0) + 1}` }) });
    await expect(connect('pages', server)).rejects.toMatchObject({
      kind: 'mcp-protocol',
      message: expect.stringContaining(`more than ${mcpToolListMaxPages} pages`) as string,
    });
    expect(server.listPages).toBe(mcpToolListMaxPages);
  });

  it(`refuses more than ${mcpToolListMaxTools} tools`, async () => {
    const server = await hostile({ listTools: () => ({ tools: Array.from({ length: mcpToolListMaxTools + 1 }, (_, index) => simpleTool(`t${index}`)) }) });
    await expect(connect('crowd', server)).rejects.toMatchObject({
      kind: 'mcp-protocol',
      message: expect.stringContaining(`more than ${mcpToolListMaxTools} tools`) as string,
    });
  });

  it("stops listing when the caller's signal aborts (a run's cancel), with an aborted error", async () => {
    // Page 3 is never answered: without the signal only the opening's deadline could end the wait.
    const server = await hostile({
      listTools: (cursor) => (cursor === '2' ? new Promise(() => undefined) : { tools: [simpleTool('a')], nextCursor: `${Number(cursor ?? 0) + 1}` }),
    });
    const controller = new AbortController();
    const opening = connect('held', server, controller.signal);
    await until(() => server.listPages === 3, 'the third page was requested');
    controller.abort(new Error('Run cancelled'));
    await expect(opening).rejects.toMatchObject({ name: 'AbortError', kind: 'aborted' });
    expect(server.listPages).toBe(3);
  });
});

describe('an MCP server whose answer never ends', () => {
  const dumpTool = { listTools: () => ({ tools: [simpleTool('dump')] }) };

  it('cuts a tools/call JSON answer at the limit: the call fails mcp-protocol and the server cannot finish writing it', async () => {
    const answers: EndlessAnswer[] = [];
    const rawCall = (response: ServerResponse, id: unknown) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      answers.push(
        writeEndlessAnswer(response, {
          prefix: `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{"content":[{"type":"text","text":"`,
          suffix: '"}]}}',
          totalBytes: endlessTotal,
        }),
      );
    };
    const connection = await connect('dump', await hostile({ ...dumpTool, rawCall }));
    try {
      const result = await connection.tools[0]!.execute({}, basicContext());
      expect(result).toMatchObject({
        isError: true,
        content: expect.stringContaining(`MCP server dump sent an answer larger than ${defaultMcpAnswerMaxBytes} bytes`) as string,
      });
      await until(() => answers[0]?.closed === true, 'the client dropped the answer');
      expect(answers[0]).toMatchObject({ finished: false });
      expect(answers[0]!.bytesWritten).toBeLessThan(endlessTotal);
    } finally {
      await connection.close();
    }
  });

  it('cuts a tools/call answer streamed as one endless SSE event, failing the call at once instead of at its timeout', async () => {
    const answers: EndlessAnswer[] = [];
    const rawCall = (response: ServerResponse, id: unknown) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      answers.push(
        writeEndlessAnswer(response, {
          prefix: `data: {"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{"content":[{"type":"text","text":"`,
          totalBytes: endlessTotal,
        }),
      );
    };
    const connection = await connect('stream', await hostile({ ...dumpTool, rawCall }));
    try {
      const result = await connection.tools[0]!.execute({}, basicContext());
      expect(result).toMatchObject({
        isError: true,
        content: expect.stringContaining(`MCP server stream sent an answer larger than ${defaultMcpAnswerMaxBytes} bytes`) as string,
      });
      await until(() => answers[0]?.closed === true, 'the client dropped the stream');
      expect(answers[0]!.bytesWritten).toBeLessThan(endlessTotal);
    } finally {
      await connection.close();
    }
  });

  it('drops the standalone GET stream when one SSE event grows past the limit, without buffering the rest', async () => {
    const streams: EndlessAnswer[] = [];
    const rawGet = (response: ServerResponse) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      streams.push(writeEndlessAnswer(response, { prefix: 'data: ', totalBytes: endlessTotal }));
    };
    const connection = await connect('sse', await hostile({ listTools: () => ({ tools: [simpleTool('a')] }), rawGet }));
    try {
      // State, not time: the server either pushes 48 MiB into one event or sees the client drop the stream.
      await until(() => streams[0] !== undefined && (streams[0].closed || streams[0].bytesWritten >= endlessTotal), 'the GET stream was dropped or filled');
      expect(streams[0]).toMatchObject({ closed: true });
      expect(streams[0]!.bytesWritten).toBeLessThan(endlessTotal);
    } finally {
      await connection.close();
    }
  });
});
