import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';

import { deserializeMessage, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  isJSONRPCErrorResponse,
  isJSONRPCNotification,
  isJSONRPCRequest,
  isJSONRPCResultResponse,
  type JSONRPCMessage,
  type RequestId,
} from '@modelcontextprotocol/sdk/types.js';

import type { ToolAdapterError } from './adapter-error';
import type { McpAnswerBound } from './mcp-answer-bound';

/** The child process to start: everything is given, nothing of the host's environment is added. */
export interface BoundedStdioServer {
  command: string;
  args: readonly string[];
  cwd?: string;
  /** The child's whole environment. */
  env: Record<string, string>;
  stderr: 'inherit' | 'ignore' | 'pipe';
}

const lineFeed = 0x0a;
/** How long stopping waits for the child after closing its stdin, then after SIGTERM (the SDK's timing). */
const exitGraceMs = 2_000;

/**
 * Splits stdout into lines, holding at most `maxBytes` of the line being received: every byte
 * before its LF, so a CR of a CRLF ending counts (MCP's stdio messages are LF-delimited; the CR is
 * only tolerated, as the SDK does).
 */
class BoundedLineSplitter {
  private parts: Buffer[] = [];
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  /**
   * Hands each line the chunk completes to `onLine` (without its LF, or CRLF). False, once the
   * line being received has grown past `maxBytes`: that line is dropped and nothing more is read.
   */
  push(chunk: Buffer, onLine: (line: string) => void): boolean {
    let start = 0;
    for (let end = chunk.indexOf(lineFeed); end !== -1; end = chunk.indexOf(lineFeed, start)) {
      if (!this.hold(chunk.subarray(start, end))) return false;
      const line = Buffer.concat(this.parts).toString('utf8');
      this.parts = [];
      this.bytes = 0;
      start = end + 1;
      onLine(line.endsWith('\r') ? line.slice(0, -1) : line);
    }
    return this.hold(chunk.subarray(start));
  }

  private hold(part: Buffer): boolean {
    this.bytes += part.length;
    if (this.bytes > this.maxBytes) {
      this.parts = [];
      return false;
    }
    if (part.length > 0) this.parts.push(part);
    return true;
  }
}

/**
 * An MCP client transport for a server started as a child process, speaking newline-delimited
 * JSON-RPC over its stdin/stdout like the SDK's `StdioClientTransport`, except that one line (one
 * message) is held up to `bound.maxBytes` only. The SDK's buffer grows until a newline arrives, so
 * a server writing one endless line made the host buffer it (ADR 0033).
 *
 * A longer line ends the connection: stdout is no longer read, the child is stopped, the oversize
 * is recorded on `bound`, and every request still waiting for an answer is answered here with a
 * JSON-RPC error naming the limit, so it fails at once with that reason rather than at its
 * timeout or as "Connection closed". The error also goes to `onerror`. Until `close()` (which is
 * when `onclose` is reported), the transport refuses every message with the same error: the SDK
 * drops a closed transport and would report later calls as "Not connected" instead.
 */
export class BoundedStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private child: ChildProcess | undefined;
  private childClosed: Promise<void> | undefined;
  private stopping: Promise<void> | undefined;
  private readonly lines: BoundedLineSplitter;
  /** Requests sent and not yet answered (nor cancelled): the ones an oversized line fails. */
  private readonly unanswered = new Set<RequestId>();
  private cutOff: ToolAdapterError | undefined;
  private closeReported = false;

  constructor(
    private readonly server: BoundedStdioServer,
    private readonly bound: McpAnswerBound,
  ) {
    this.lines = new BoundedLineSplitter(bound.maxBytes);
  }

  /** The child's stderr when the server was configured with `stderr: 'pipe'`, once started. */
  get stderr(): Readable | null {
    return this.child?.stderr ?? null;
  }

  /** The child's process id, once started (kept after it exited). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Starts the child; resolves once it was spawned, rejects when it could not be. */
  start(): Promise<void> {
    if (this.child) return Promise.reject(new Error('BoundedStdioTransport already started'));
    return new Promise((resolve, reject) => {
      const child = spawn(this.server.command, [...this.server.args], {
        // Cast: apps that declare required variables on ProcessEnv (Next: NODE_ENV) type-check this file too.
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- needed there, not here
        env: this.server.env as NodeJS.ProcessEnv,
        cwd: this.server.cwd,
        stdio: ['pipe', 'pipe', this.server.stderr],
        shell: false,
        windowsHide: process.platform === 'win32',
      });
      this.child = child;
      this.childClosed = new Promise((closed) => child.once('close', () => closed()));
      child.once('spawn', () => resolve());
      child.on('error', (error) => {
        reject(error);
        this.onerror?.(error);
      });
      // A server that exits ends the connection; after a cut the transport stays until close().
      child.once('close', () => {
        if (!this.cutOff) this.reportClose();
      });
      child.stdin?.on('error', (error) => this.onerror?.(error));
      child.stdout?.on('error', (error) => this.onerror?.(error));
      child.stdout?.on('data', (chunk: Buffer) => this.read(chunk));
    });
  }

  /** Writes one message; waits while the child's stdin is full. */
  async send(message: JSONRPCMessage): Promise<void> {
    if (this.cutOff) throw this.cutOff;
    const child = this.child;
    const stdin = child?.stdin;
    if (!child || !stdin || this.stopping || hasExited(child)) throw new Error('Not connected');
    if (isJSONRPCRequest(message)) this.unanswered.add(message.id);
    // A cancelled request gets no answer the client waits for: forget it, so the set stays small.
    if (isJSONRPCNotification(message) && message.method === 'notifications/cancelled') {
      const requestId = (message.params as { requestId?: RequestId } | undefined)?.requestId;
      if (requestId !== undefined) this.unanswered.delete(requestId);
    }
    if (!stdin.write(serializeMessage(message))) await once(stdin, 'drain');
  }

  /**
   * Stops the child (stdin closed, then SIGTERM, then SIGKILL, as the SDK does; after a cut, SIGTERM
   * at once) and reports the close. Resolves once the child is gone, or a grace after SIGKILL.
   */
  async close(): Promise<void> {
    await this.stop(this.cutOff === undefined);
    this.reportClose();
  }

  private read(chunk: Buffer): void {
    if (this.cutOff) return;
    if (!this.lines.push(chunk, (line) => this.deliver(line))) this.cut();
  }

  private deliver(line: string): void {
    let message: JSONRPCMessage;
    try {
      message = deserializeMessage(line);
    } catch (error) {
      // As the SDK does: a line that is no JSON-RPC message is reported, and reading goes on.
      this.onerror?.(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    if ((isJSONRPCResultResponse(message) || isJSONRPCErrorResponse(message)) && message.id !== undefined) {
      this.unanswered.delete(message.id);
    }
    this.onmessage?.(message);
  }

  /** The line being received passed the bound: read no more of it, stop the child, fail what waits. */
  private cut(): void {
    const error = this.bound.recordOversize();
    this.cutOff = error;
    this.child?.stdout?.destroy();
    void this.stop(false);
    const waiting = [...this.unanswered];
    this.unanswered.clear();
    for (const id of waiting) this.onmessage?.({ jsonrpc: '2.0', id, error: { code: -32000, message: error.message } });
    this.onerror?.(error);
  }

  /** Stops the child once; `politely` first closes its stdin and gives it time to exit by itself. */
  private stop(politely: boolean): Promise<void> {
    const child = this.child;
    const closed = this.childClosed;
    if (!child || !closed) return Promise.resolve();
    this.stopping ??= stopChild(child, closed, politely);
    return this.stopping;
  }

  private reportClose(): void {
    if (this.closeReported) return;
    this.closeReported = true;
    this.onclose?.();
  }
}

function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

async function stopChild(child: ChildProcess, closed: Promise<void>, politely: boolean): Promise<void> {
  // Unreferenced timers: a child that is slow to exit must not keep the host alive.
  const closedOrGrace = () => Promise.race([closed, sleep(exitGraceMs, undefined, { ref: false })]);
  if (politely) {
    child.stdin?.end();
    await closedOrGrace();
  }
  if (!hasExited(child)) {
    child.kill('SIGTERM');
    await closedOrGrace();
  }
  if (!hasExited(child)) {
    child.kill('SIGKILL');
    await closedOrGrace();
  }
}
