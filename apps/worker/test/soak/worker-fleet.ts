import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdtempSync, type WriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { testSecretKey } from '@agentloom/platform/testing';

const workerDirectory = fileURLToPath(new URL('../..', import.meta.url));
const ledgerToolsModule = fileURLToPath(new URL('./ledger-tools.ts', import.meta.url));

interface WorkerSlot {
  name: string;
  incarnation: number;
  owner: string;
  child: ChildProcess;
  ready: Promise<void>;
  isReady: boolean;
  exited: Promise<number | null>;
  log: WriteStream;
}

/**
 * Worker processes for the soak tests, each in a named slot that can be killed and restarted.
 * Workers run as `node --import tsx src/main.ts`, one process: tsx's CLI would fork the real worker
 * as a child, and `kill -9` of the CLI would leave that child running as an orphan. Every
 * incarnation gets its own lease owner id and log file (kept for diagnosis, path in `logDirectory`).
 */
export class WorkerFleet {
  readonly logDirectory = mkdtempSync(join(tmpdir(), 'agentloom-soak-'));
  /** Incarnations that exited although the test did not kill them (a crash), with their exit code or signal. */
  readonly unexpectedExits: { owner: string; code: number | null; signal: NodeJS.Signals | null }[] = [];
  private readonly slots = new Map<string, WorkerSlot>();
  private readonly killedByTest = new Set<string>();

  constructor(private readonly environment: NodeJS.ProcessEnv) {}

  /** Starts (or restarts) the worker in `name`; resolves once it has spawned, not once ready. */
  start(name: string): WorkerSlot {
    const incarnation = (this.slots.get(name)?.incarnation ?? 0) + 1;
    const owner = `soak-${name}-${incarnation}`;
    const log = createWriteStream(join(this.logDirectory, `${owner}.log`));
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: workerDirectory,
      // The same secret key as the fixture's platform (testSecretKey), as production shares AGENTLOOM_SECRET_KEY.
      env: { ...process.env, AGENTLOOM_TOOL_MODULES: ledgerToolsModule, AGENTLOOM_SECRET_KEY: testSecretKey.toString('base64'), ...this.environment, AGENTLOOM_WORKER_ID: owner },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) =>
      child.once('exit', (code, signal) => {
        if (!this.killedByTest.has(owner)) this.unexpectedExits.push({ owner, code, signal });
        resolve(code);
      }),
    );
    const slot: WorkerSlot = { name, incarnation, owner, child, ready: Promise.resolve(), isReady: false, exited, log };
    slot.ready = new Promise<void>((resolve, reject) => {
      let output = '';
      const collect = (chunk: Buffer) => {
        log.write(chunk);
        if (slot.isReady) return;
        output += chunk.toString();
        if (output.includes('Worker ready')) {
          slot.isReady = true;
          resolve();
        }
      };
      child.stdout?.on('data', collect);
      child.stderr?.on('data', collect);
      void exited.then((code) => reject(new Error(`Worker ${owner} exited (${code}) before it was ready:\n${output.slice(-2_000)}`)));
    });
    // A kill during start-up is a normal soak event; whoever awaits `ready` sees the rejection.
    slot.ready.catch(() => undefined);
    this.slots.set(name, slot);
    return slot;
  }

  get(name: string): WorkerSlot {
    const slot = this.slots.get(name);
    if (!slot) throw new Error(`No worker in slot ${name}`);
    return slot;
  }

  /** Waits until the worker in `name` is ready; fails naming its log when it exits or takes longer than `timeoutMs`. */
  async waitReady(name: string, timeoutMs = 60_000): Promise<void> {
    const slot = this.get(name);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`Worker ${slot.owner} not ready after ${timeoutMs} ms; see ${join(this.logDirectory, `${slot.owner}.log`)}`)), timeoutMs);
    });
    try {
      await Promise.race([slot.ready, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Names of slots whose current incarnation is alive and ready. */
  readyNames(): string[] {
    return [...this.slots.values()].filter((slot) => slot.isReady && slot.child.exitCode === null && slot.child.signalCode === null).map((slot) => slot.name);
  }

  isAlive(name: string): boolean {
    const { child } = this.get(name);
    return child.exitCode === null && child.signalCode === null;
  }

  /** `kill -9`: no drain, no lease released, connections cut mid-statement. */
  async kill(name: string): Promise<void> {
    const slot = this.get(name);
    this.killedByTest.add(slot.owner);
    slot.child.kill('SIGKILL');
    await slot.exited;
    slot.log.end();
  }

  /** Paths of every incarnation's log file. */
  logFiles(): string[] {
    return [...this.slots.values()].flatMap((slot) => Array.from({ length: slot.incarnation }, (_, index) => join(this.logDirectory, `soak-${slot.name}-${index + 1}.log`)));
  }

  /** Kills every live worker (after a test, even a failed one) and waits for them to exit. */
  async killAll(): Promise<void> {
    await Promise.all([...this.slots.keys()].filter((name) => this.isAlive(name)).map((name) => this.kill(name)));
  }
}
