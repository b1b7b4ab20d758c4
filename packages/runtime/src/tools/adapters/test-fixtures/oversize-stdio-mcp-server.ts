import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

// A stdio MCP server whose answer to one method is a line that never ends:
//   node --import tsx oversize-stdio-mcp-server.ts <pid file> <method> <bytes> [ignore-sigterm]
// It writes its pid to <pid file>, answers initialize and tools/list as a plain server with one tool
// `dump`, and answers <method> with <bytes> bytes of JSON and no newline. It then stays alive, shrugging
// off a closed stdout (and SIGTERM when asked), so only the client stopping it can end the process.

const [pidFile, oversizeMethod, bytesArgument, sigterm] = process.argv.slice(2);
if (pidFile === undefined || oversizeMethod === undefined || bytesArgument === undefined) {
  throw new Error('usage: oversize-stdio-mcp-server.ts <pid file> <method> <bytes> [ignore-sigterm]');
}
const totalBytes = Number(bytesArgument);
writeFileSync(pidFile, String(process.pid));
if (sigterm === 'ignore-sigterm') process.on('SIGTERM', () => undefined);
process.stdout.on('error', () => undefined);
setInterval(() => undefined, 60_000);

interface Request {
  id?: string | number;
  method?: string;
  params?: { protocolVersion?: string };
}

function answer(id: string | number, result: unknown): void {
  process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', id, result })}\n`);
}

async function writeEndlessLine(id: string | number): Promise<void> {
  const chunk = 'a'.repeat(64 * 1024);
  process.stdout.write(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{"tools":[],"padding":"`);
  for (let written = 0; written < totalBytes; written += chunk.length) {
    if (!process.stdout.write(chunk)) await once(process.stdout, 'drain');
  }
}

for await (const line of createInterface({ input: process.stdin })) {
  const request = JSON.parse(line) as Request;
  if (request.id === undefined) continue;
  if (request.method === oversizeMethod) {
    // The client may stop reading (stdout errors): the process must stay until it is stopped.
    void writeEndlessLine(request.id).catch(() => undefined);
  } else if (request.method === 'initialize') {
    answer(request.id, {
      protocolVersion: request.params?.protocolVersion,
      capabilities: { tools: {} },
      serverInfo: { name: 'oversize', version: '1.0.0' },
    });
  } else if (request.method === 'tools/list') {
    answer(request.id, { tools: [{ name: 'dump', description: 'dumps', inputSchema: { type: 'object', properties: {} } }] });
  }
}
