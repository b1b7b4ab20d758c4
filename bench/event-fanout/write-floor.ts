/**
 * bench/event-fanout/write-floor: what one SSE chunk costs a Node process per subscriber, below any framework,
 * written four ways to the same 500 sockets. The floor under the console's ≈ 25–40 µs per subscriber and commit
 * (bench/README "event-fanout"): how much a server that bypassed Next.js's response writer could save.
 *   npx tsx bench/event-fanout/write-floor.ts      (BENCH_FLOOR_SUBSCRIBERS 500, BENCH_FLOOR_COMMITS 300, BENCH_FLOOR_PASSES 3)
 * Each pass runs every way once, in turn; the table gives the median of the passes. The readers are a child
 * process that reads and drops the bytes.
 */
import { fork } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';

import { median } from '../median';

const subscribers = Number(process.env.BENCH_FLOOR_SUBSCRIBERS ?? 500);
const commits = Number(process.env.BENCH_FLOOR_COMMITS ?? 300);
const passes = Number(process.env.BENCH_FLOOR_PASSES ?? 3);

type Way = 'res.write, chunked' | 'res.write, close-delimited' | 'WritableStream over res (as Next.js)' | 'socket.write, pre-framed chunk';
const ways: Way[] = ['res.write, chunked', 'res.write, close-delimited', 'WritableStream over res (as Next.js)', 'socket.write, pre-framed chunk'];

if (process.argv[2] === 'readers') {
  const port = Number(process.argv[3]);
  for (let index = 0; index < subscribers; index += 1) {
    const socket = net.connect(port, '127.0.0.1', () => socket.write('GET / HTTP/1.1\r\nHost: bench\r\n\r\n'));
    socket.on('data', () => undefined).on('error', () => undefined);
  }
} else {
  const results = new Map<Way, number[]>(ways.map((way) => [way, []]));
  for (let pass = 0; pass < passes; pass += 1) for (const way of ways) results.get(way)!.push(await measure(way));
  console.log(`${subscribers} subscribers × ${commits} commits, median of ${passes} passes, Node ${process.version}\n`);
  console.log('| way | CPU µs per subscriber and commit |\n| --- | --- |');
  for (const [way, samples] of results) console.log(`| ${way} | ${median(samples).toFixed(1)} (${samples.map((sample) => sample.toFixed(1)).join(', ')}) |`);
}

/** Opens `subscribers` SSE responses, writes `commits` chunks to each the given way; the server's CPU per write. */
async function measure(way: Way): Promise<number> {
  const writers: ((chunk: Buffer) => void)[] = [];
  let allConnected!: () => void;
  const connected = new Promise<void>((resolve) => (allConnected = resolve));
  const server = http.createServer((_request, response) => {
    if (way === 'res.write, close-delimited') response.useChunkedEncodingByDefault = false;
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache, no-transform' });
    response.flushHeaders();
    writers.push(writerFor(way, response));
    if (writers.length === subscribers) allConnected();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const readers = fork(new URL(import.meta.url), ['readers', String((server.address() as AddressInfo).port)], { execArgv: process.execArgv });
  await connected;
  const frame = `id: 1\nevent: step-committed\ndata: ${JSON.stringify({ seq: 1, type: 'step-committed', payload: { text: 'x'.repeat(600) } })}\n\n`;
  const body = Buffer.from(frame);
  const chunk = way === 'socket.write, pre-framed chunk' ? Buffer.concat([Buffer.from(`${body.length.toString(16)}\r\n`), body, Buffer.from('\r\n')]) : body;
  const before = process.cpuUsage();
  for (let commit = 0; commit < commits; commit += 1) {
    for (const write of writers) write(chunk);
    // Let the sockets flush and the readers drain before the next commit, as between two commits of a run.
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const used = process.cpuUsage(before);
  readers.kill();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  return (used.user + used.system) / (subscribers * commits);
}

function writerFor(way: Way, response: http.ServerResponse): (chunk: Buffer) => void {
  if (way === 'socket.write, pre-framed chunk') {
    const socket = response.socket!;
    return (chunk) => void socket.write(chunk);
  }
  if (way !== 'WritableStream over res (as Next.js)') return (chunk) => void response.write(chunk);
  // Next.js 16's createWriterFromResponse: a write per chunk, waiting for `drain` when the socket is full.
  let drain: () => void = () => undefined;
  response.on('drain', () => drain());
  const writer = new WritableStream<Buffer>({
    write: async (chunk) => {
      if (!response.write(chunk)) await new Promise<void>((resolve) => (drain = resolve));
    },
  }).getWriter();
  return (chunk) => void writer.write(chunk);
}
