import { spawn, type ChildProcess } from 'node:child_process';
import { toolAbortedError } from './adapter-error';
import { CappedOutput } from './capped-output';

/** One process to run: argv only, never a shell command line. */
export interface SubprocessSpec {
  command: string;
  args: readonly string[];
  cwd: string | undefined;
  /** The complete environment of the child; nothing else is inherited. */
  env: Record<string, string>;
  timeoutMs: number;
  maxOutputBytes: number;
  /** Time between SIGTERM and SIGKILL. */
  killGraceMs: number;
  signal: AbortSignal;
}

/** How the process ended and what it printed (each stream capped separately). */
export interface SubprocessOutcome {
  exitCode: number | null;
  /** The signal that ended the process, e.g. `SIGTERM` after a timeout. */
  signal: string | null;
  timedOut: boolean;
  stdout: string;
  stderr: string;
  stdoutTruncated: boolean;
  stderrTruncated: boolean;
  /** Set when the process could not be started at all (e.g. command not found). */
  spawnError?: string;
}

/**
 * Sends SIGTERM, then SIGKILL after the grace period if the process is still there. On POSIX the
 * child leads its own process group, so grandchildren (a shell script's commands) die too.
 */
function terminate(child: ChildProcess, graceMs: number): void {
  const send = (signal: NodeJS.Signals): void => {
    if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
    try {
      if (process.platform === 'win32') child.kill(signal);
      else process.kill(-child.pid, signal);
    } catch {
      // The group is already gone: nothing left to kill.
    }
  };
  send('SIGTERM');
  const escalation = setTimeout(() => send('SIGKILL'), graceMs);
  child.once('close', () => clearTimeout(escalation));
}

/**
 * Runs a process to completion, with a timeout and output caps. Resolves with the outcome even
 * for non-zero exits and timeouts; rejects with an AbortError as soon as `signal` aborts (the
 * process is then terminated in the background).
 */
export function runSubprocess(spec: SubprocessSpec): Promise<SubprocessOutcome> {
  return new Promise((resolve, reject) => {
    if (spec.signal.aborted) {
      reject(toolAbortedError(spec.signal, 'Subprocess'));
      return;
    }
    const stdout = new CappedOutput(spec.maxOutputBytes);
    const stderr = new CappedOutput(spec.maxOutputBytes);
    let timedOut = false;
    let settled = false;
    const child = spawn(spec.command, spec.args, {
      cwd: spec.cwd,
      env: toProcessEnvironment(spec.env),
      shell: false,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: process.platform !== 'win32',
      windowsHide: true,
    });
    const finish = (outcome: Pick<SubprocessOutcome, 'exitCode' | 'signal' | 'spawnError'>): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      spec.signal.removeEventListener('abort', onAbort);
      resolve({
        ...outcome,
        timedOut,
        stdout: stdout.text(),
        stderr: stderr.text(),
        stdoutTruncated: stdout.truncated,
        stderrTruncated: stderr.truncated,
      });
    };
    const onAbort = (): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      terminate(child, spec.killGraceMs);
      reject(toolAbortedError(spec.signal, 'Subprocess'));
    };
    const timer = setTimeout(() => {
      timedOut = true;
      terminate(child, spec.killGraceMs);
    }, spec.timeoutMs);
    spec.signal.addEventListener('abort', onAbort, { once: true });
    child.stdout?.on('data', (chunk: Buffer) => stdout.append(chunk));
    child.stderr?.on('data', (chunk: Buffer) => stderr.append(chunk));
    child.once('error', (error) => finish({ exitCode: null, signal: null, spawnError: error.message }));
    child.once('close', (exitCode, signal) => finish({ exitCode, signal }));
  });
}

/**
 * The allowlisted environment carries only what it lists. Apps that compile this package may augment
 * ProcessEnv (Next makes NODE_ENV required), so the object is built as a ProcessEnv explicitly.
 */
function toProcessEnvironment(values: Record<string, string>): NodeJS.ProcessEnv {
  return Object.assign(Object.create(null) as NodeJS.ProcessEnv, values);
}
