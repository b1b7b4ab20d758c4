import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export interface ConsoleProcess {
  baseUrl: string;
  /** Everything the server printed, for failure messages. */
  output(): string;
  /** SIGTERM to the whole process group (npm → sh → next-server), then waits until none of it is left. */
  stop(): Promise<void>;
  /** Whether any process of the group (npm, sh, next-server) is still there. */
  running(): boolean;
}

export interface ConsoleProcessOptions {
  dataDirectory: string;
  /** Server mode; embedded PGlite in `dataDirectory` when unset. */
  databaseUrl?: string;
  environment?: Record<string, string>;
}

/** A port the OS just handed out, so parallel suites and a developer's :3000 never collide. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('No port'))));
    });
  });
}

/** The secret key of consoles started on a Postgres server (base64 of 32 bytes). */
export const testConsoleSecretKey = Buffer.from('agentloom-test-secret-key-32-b!!', 'utf8').toString('base64');

/** How many fresh ports a start tries when the one it was handed is taken before Next binds it. */
const portAttempts = 5;

/**
 * Starts the production console (`next start` through the workspace script, as users run it) and
 * resolves once `/api/health` answers 200, i.e. the database is open, migrated and seeded.
 *
 * `freePort` closes its probe before Next listens, so in that gap another suite's server or an
 * outgoing connection can take the same port (CI saw `EADDRINUSE` once, session 23). Only that
 * failure is retried, on a new port; any other exit is the console's own and is reported.
 */
export async function startConsole(
  options: ConsoleProcessOptions,
  nextPort: () => Promise<number> = freePort,
): Promise<ConsoleProcess> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startConsoleOnPort(options, await nextPort());
    } catch (error) {
      if (!(error instanceof PortTakenError) || attempt >= portAttempts) throw error;
    }
  }
}

/** The console exited because its port was taken between `freePort` and `listen`. */
export class PortTakenError extends Error {}

async function startConsoleOnPort(options: ConsoleProcessOptions, port: number): Promise<ConsoleProcess> {
  const child = spawn('npm', ['run', 'start', '--workspace', '@agentloom/console'], {
    cwd: repositoryRoot,
    // Its own process group, so stop() reaches next-server and not only npm.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      AGENTLOOM_DATA_DIR: options.dataDirectory,
      DATABASE_URL: options.databaseUrl ?? '',
      // A Postgres-backed console refuses to start without the shared secret key; every console a
      // test starts on one database gets the same one (embedded consoles use their data dir's key file).
      ...(options.databaseUrl ? { AGENTLOOM_SECRET_KEY: testConsoleSecretKey } : {}),
      NEXT_TELEMETRY_DISABLED: '1',
      ...options.environment,
    },
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  // npm exits at once on SIGTERM while next-server drains: waiting for npm alone let a test end with the
  // server still running, its log pipe then closed under it (it spun on the failed writes for the rest of the
  // CI run, session 41). So stop waits until the whole group is gone, and kills it after 15 s.
  const stop = async () => {
    const group = child.pid;
    if (group === undefined) return;
    signalGroup(group, 'SIGTERM');
    const killLater = setTimeout(() => signalGroup(group, 'SIGKILL'), 15_000);
    await exited;
    await groupGone(group);
    clearTimeout(killLater);
  };
  try {
    // Next prints "Ready in" only once its own listen succeeded, so a health answer before that
    // line may come from whichever process took the port, and is not taken as ours.
    await waitForHealth(baseUrl, exited, () => output.includes('Ready in'));
  } catch (error) {
    await stop();
    // The tail is enough to see why; a crash loop can print thousands of lines.
    const ErrorClass = output.includes('listen EADDRINUSE') ? PortTakenError : Error;
    throw new ErrorClass(`${(error as Error).message}\n--- console output (last 40 lines) ---\n${output.split('\n').slice(-40).join('\n')}`);
  }
  return { baseUrl, output: () => output, stop, running: () => child.pid !== undefined && groupAlive(child.pid) };
}

async function waitForHealth(baseUrl: string, exited: Promise<void>, listening: () => boolean): Promise<void> {
  let hasExited = false;
  void exited.then(() => (hasExited = true));
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (hasExited) throw new Error('The console exited before it became healthy');
    const healthy = listening() && await fetch(`${baseUrl}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The console at ${baseUrl} did not become healthy within 120 s`);
}

/** Signals every process of the group (it may outlive its leader, npm). */
function signalGroup(group: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-group, signal);
  } catch {
    // Already gone.
  }
}

/**
 * Resolves once no process of the group is left (`kill(-group, 0)` fails with ESRCH), or after 30 s: by then
 * the group was sent SIGKILL, and a process that still answers is a zombie its new parent has not reaped.
 */
async function groupGone(group: number): Promise<void> {
  for (const deadline = Date.now() + 30_000; Date.now() < deadline && groupAlive(group); ) await new Promise((resolve) => setTimeout(resolve, 100));
}

function groupAlive(group: number): boolean {
  try {
    process.kill(-group, 0);
    return true;
  } catch {
    return false;
  }
}
