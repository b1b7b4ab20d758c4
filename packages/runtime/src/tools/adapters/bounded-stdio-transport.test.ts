import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';

import { BoundedStdioTransport } from './bounded-stdio-transport';
import { McpAnswerBound } from './mcp-answer-bound';

const maxBytes = 1_000;

/** A JSON-RPC notification whose line (without its newline) is exactly `bytes` bytes. */
function notificationLine(bytes: number): string {
  const empty = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { data: '' } });
  return JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { data: 'a'.repeat(bytes - empty.length) } });
}

// The limit counts every byte before the LF. The child writes a line of the limit ended by CRLF (the
// CR counts), split across two writes (so across chunks); then, in the same write, a line of exactly
// the limit ended by LF. On its first input it writes a line one byte past the limit, without a
// newline, and stays alive: only the transport can stop it.
const childScript = `
const [crlf, exact, oneMore] = JSON.parse(process.argv[1]);
const pause = () => new Promise((resolve) => setTimeout(resolve, 50));
process.stdout.on('error', () => undefined);
setInterval(() => undefined, 60_000);
(async () => {
  process.stdout.write(crlf.slice(0, 300));
  await pause();
  process.stdout.write(crlf.slice(300) + '\\r\\n' + exact + '\\n');
})();
process.stdin.once('data', () => process.stdout.write(oneMore));
`;

const transports: BoundedStdioTransport[] = [];
afterEach(async () => {
  // A failed test leaves its child running, holding the runner's stderr: close stops it whatever happened.
  await Promise.all(transports.splice(0).map((transport) => transport.close()));
});

function startTransport() {
  const crlf = notificationLine(maxBytes - 1);
  const exact = notificationLine(maxBytes);
  const lines = JSON.stringify([crlf, exact, notificationLine(maxBytes + 1)]);
  const bound = new McpAnswerBound('lines', maxBytes);
  const transport = new BoundedStdioTransport({ command: process.execPath, args: ['-e', childScript, lines], env: {}, stderr: 'inherit' }, bound);
  transports.push(transport);
  const seen = { messages: [] as JSONRPCMessage[], errors: [] as Error[], closes: 0 };
  transport.onmessage = (message) => seen.messages.push(message);
  transport.onerror = (error) => seen.errors.push(error);
  transport.onclose = () => (seen.closes += 1);
  return { transport, bound, seen, crlf, exact };
}

async function until(check: () => boolean, label: string): Promise<void> {
  for (let attempt = 0; attempt < 500; attempt += 1) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`never: ${label}`);
}

describe('BoundedStdioTransport', () => {
  it('delivers lines of up to the limit, and cuts one byte more: the waiting request fails with the limit, the child stops', async () => {
    const { transport, bound, seen, crlf, exact } = startTransport();
    await transport.start();
    await until(() => seen.messages.length === 2, 'both lines of the limit arrived');
    expect(seen.messages).toEqual([JSON.parse(crlf), JSON.parse(exact)]);
    expect(seen.errors).toEqual([]);

    await transport.send({ jsonrpc: '2.0', id: 7, method: 'tools/list' });
    await until(() => seen.errors.length > 0, 'the oversized line was cut');
    const oversize = `MCP server lines sent an answer larger than ${maxBytes} bytes`;
    expect(seen.errors).toEqual([expect.objectContaining({ kind: 'mcp-protocol', message: oversize })]);
    expect(bound.oversize?.message).toBe(oversize);
    expect(seen.messages[2]).toEqual({ jsonrpc: '2.0', id: 7, error: { code: -32000, message: oversize } });
    await until(() => transport.pid !== undefined && !isRunning(transport.pid), 'the child was stopped');

    // Until closed, the transport refuses every message with the reason, and then reports its close once.
    await expect(transport.send({ jsonrpc: '2.0', id: 8, method: 'tools/list' })).rejects.toBe(bound.oversize);
    expect(seen.closes).toBe(0);
    await transport.close();
    await transport.close();
    expect(seen.closes).toBe(1);
  });

  it('reports the close when the server exits by itself', async () => {
    const transport = new BoundedStdioTransport({ command: process.execPath, args: ['-e', ''], env: {}, stderr: 'inherit' }, new McpAnswerBound('quits'));
    transports.push(transport);
    let closes = 0;
    transport.onclose = () => (closes += 1);
    await transport.start();
    await until(() => closes === 1, 'the close was reported');
    await expect(transport.send({ jsonrpc: '2.0', id: 1, method: 'ping' })).rejects.toThrow('Not connected');
    await transport.close();
    expect(closes).toBe(1);
  });
});

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
