import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

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

describe('a stdio MCP server whose answer is one endless line', () => {
  const oversizeServerScript = fileURLToPath(new URL('./test-fixtures/oversize-stdio-mcp-server.ts', import.meta.url));
  const lineBytes = 5 * 1024 * 1024;
  let pidDirectory: string;
  beforeAll(async () => {
    pidDirectory = await mkdtemp(join(tmpdir(), 'oversize-stdio-'));
  });
  afterAll(async () => {
    // A failed test leaves its child running, holding the runner's stderr: stop it whatever happened.
    for (const pidFile of await readdir(pidDirectory)) {
      const pid = Number(await readFile(join(pidDirectory, pidFile), 'utf8'));
      if (isRunning(pid)) process.kill(pid, 'SIGKILL');
    }
    await rm(pidDirectory, { recursive: true, force: true });
  });

  /** Starts the fixture answering `method` with a 5 MiB line and no newline; `pid()` reads the child's pid. */
  function oversizeServer(name: string, method: string, ...extra: string[]) {
    const pidFile = join(pidDirectory, `${name}.pid`);
    const config = {
      name,
      transport: {
        type: 'stdio' as const,
        command: process.execPath,
        args: ['--import', 'tsx', oversizeServerScript, pidFile, method, `${lineBytes}`, ...extra],
      },
    };
    return { config, pid: async () => Number(await readFile(pidFile, 'utf8')) };
  }

  function isRunning(pid: number): boolean {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  }

  it('fails the tool listing mcp-protocol, naming the server and the limit, and the child is gone, even one ignoring SIGTERM', async () => {
    const server = oversizeServer('lister', 'tools/list', 'ignore-sigterm');
    await expect(connectMcpServer(server.config)).rejects.toMatchObject({
      kind: 'mcp-protocol',
      message: `MCP server lister sent an answer larger than ${defaultMcpAnswerMaxBytes} bytes`,
    });
    // The failed opening closed the transport, which waited for the child to exit (SIGKILL after SIGTERM).
    expect(isRunning(await server.pid())).toBe(false);
  });

  it('fails the tool call at once with the oversize error, refuses later calls with it, and stops the child', async () => {
    const server = oversizeServer('caller', 'tools/call');
    const connection = await connectMcpServer(server.config);
    const pid = await server.pid();
    try {
      const oversize = `MCP server caller sent an answer larger than ${defaultMcpAnswerMaxBytes} bytes`;
      const dump = connection.tools[0]!;
      expect(await dump.execute({}, basicContext())).toMatchObject({ isError: true, content: expect.stringContaining(oversize) as string });
      expect(await dump.execute({}, basicContext())).toMatchObject({ isError: true, content: expect.stringContaining(oversize) as string });
      await until(() => !isRunning(pid), 'the child was stopped');
    } finally {
      await connection.close();
    }
  });
});
