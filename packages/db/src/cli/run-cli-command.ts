import { inspect } from 'node:util';

import { transientDatabaseErrorReason } from '../connection/transient-database-error';

/** Thrown by a command for an argument it cannot use: printed with the command's usage, exit 2. */
export class CommandUsageError extends Error {
  override readonly name = 'CommandUsageError';
}

/** What a failed command prints to stderr and the exit code it ends with. */
export interface CommandFailure {
  /** 2: the command line was wrong (the usage follows the message); 1: anything else. */
  exitCode: 1 | 2;
  text: string;
}

/**
 * Runs an operational CLI's `main` (`npm run memory:reembed`, `db:serve`, `operator:rotate-key`,
 * `secrets:rotate`) so that what an operator can cause or fix — a bad flag, an unreachable
 * database, a locked data directory, an unwritable file — ends in one line (and the usage, for a
 * wrong command line) instead of an uncaught stack trace. Sets `process.exitCode` rather than
 * exiting, so output is flushed and a command that keeps serving is not cut short.
 */
export async function runCliCommand(usage: string, main: () => Promise<void>): Promise<void> {
  try {
    await main();
  } catch (error) {
    const failure = describeCommandFailure(error, usage, { debug: isDebugEnabled(process.env['AGENTLOOM_DEBUG']) });
    process.stderr.write(`${failure.text}\n`);
    process.exitCode = failure.exitCode;
  }
}

/**
 * Usage errors: node:util `parseArgs` (`ERR_PARSE_ARGS_*`), `CommandUsageError`, and typed errors
 * of kind `validation` (the platform's DomainError naming a flag). Expected failures — any other
 * typed error with a `kind` (DatabaseError, DomainError), a transient database error, or a Node
 * system error (`EACCES`, `ENOSPC`, …) — are their message alone. Anything else is a bug and keeps
 * its stack. `debug` (AGENTLOOM_DEBUG=1) adds the stack and causes to every failure.
 */
export function describeCommandFailure(error: unknown, usage: string, options: { debug: boolean }): CommandFailure {
  const details = options.debug ? `\n${inspect(error)}` : '';
  if (!(error instanceof Error)) return { exitCode: 1, text: `${String(error)}${details}` };
  if (isUsageError(error)) return { exitCode: 2, text: `${error.message}\n${usage}${details}` };
  if (hasKind(error) || hasSystemCode(error)) return { exitCode: 1, text: `${error.message}${details}` };
  const transientReason = transientDatabaseErrorReason(error);
  if (transientReason !== undefined) return { exitCode: 1, text: `${transientReason}: ${error.message}${details}` };
  return { exitCode: 1, text: inspect(error) };
}

function isUsageError(error: Error): boolean {
  const code = (error as Error & { code?: unknown }).code;
  if (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS_')) return true;
  return error instanceof CommandUsageError || (hasKind(error) && error.kind === 'validation');
}

/** The typed errors of every package (DomainError, DatabaseError) carry a string `kind`. */
function hasKind(error: Error): error is Error & { kind: string } {
  return typeof (error as Error & { kind?: unknown }).kind === 'string';
}

/** Node's errors from the operating system (a file, a socket) carry both an errno code and the call. */
function hasSystemCode(error: Error): boolean {
  const { code, syscall } = error as Error & { code?: unknown; syscall?: unknown };
  return typeof code === 'string' && typeof syscall === 'string';
}

function isDebugEnabled(value: string | undefined): boolean {
  return value !== undefined && value !== '' && value !== '0' && value.toLowerCase() !== 'false';
}
