import { parseArgs } from 'node:util';

import { describe, expect, it } from 'vitest';

import { DatabaseError } from '../connection/database-error';
import { CommandUsageError, describeCommandFailure } from './run-cli-command';

const usage = 'Usage: npm run example -- [--size N]';
/** A stack frame line ("    at main (/work/…:24:22)") means the error was printed with its stack. */
const stackFrame = /^\s+at .+:\d+:\d+\)?$/m;

function thrownBy(action: () => unknown): unknown {
  try {
    action();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

/** The platform's DomainError as this package sees it: an Error named by its class, with a `kind`. */
class ValidationError extends Error {
  override readonly name = 'DomainError';
  readonly kind = 'validation';
}

describe('describeCommandFailure', () => {
  it('prints a parseArgs error as one line and the usage, exit 2', () => {
    const unknownFlag = thrownBy(() => parseArgs({ args: ['--bogus'], options: { size: { type: 'string' } } }));
    const missingValue = thrownBy(() => parseArgs({ args: ['--size'], options: { size: { type: 'string' } } }));
    for (const error of [unknownFlag, missingValue]) {
      const failure = describeCommandFailure(error, usage, { debug: false });
      expect(failure.exitCode).toBe(2);
      expect(failure.text.split('\n')).toEqual([(error as Error).message, usage]);
    }
  });

  it('treats a CommandUsageError and a validation error naming a flag as usage errors', () => {
    expect(describeCommandFailure(new CommandUsageError('--size must be a number'), usage, { debug: false })).toEqual({
      exitCode: 2,
      text: `--size must be a number\n${usage}`,
    });
    expect(describeCommandFailure(new ValidationError('--from-key must be 32 random bytes'), usage, { debug: false })).toEqual({
      exitCode: 2,
      text: `--from-key must be 32 random bytes\n${usage}`,
    });
  });

  it('prints an unreachable database as its one line, exit 1, with the stack only when debugging', () => {
    const unreachable = new DatabaseError('unreachable', 'Cannot connect to the Postgres server at 127.0.0.1:1/none: connect ECONNREFUSED', {
      cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' }),
    });
    expect(describeCommandFailure(unreachable, usage, { debug: false })).toEqual({ exitCode: 1, text: unreachable.message });
    const debugging = describeCommandFailure(unreachable, usage, { debug: true });
    expect(debugging.exitCode).toBe(1);
    expect(debugging.text).toMatch(stackFrame);
  });

  it('prints a system error (a file it cannot write) and a transient database error as one line, exit 1', () => {
    const unwritable = Object.assign(new Error("EACCES: permission denied, open '/data/secret-key'"), { code: 'EACCES', syscall: 'open' });
    expect(describeCommandFailure(unwritable, usage, { debug: false })).toEqual({ exitCode: 1, text: unwritable.message });
    const dropped = new Error('Connection terminated unexpectedly');
    expect(describeCommandFailure(dropped, usage, { debug: false })).toEqual({
      exitCode: 1,
      text: 'database connection terminated: Connection terminated unexpectedly',
    });
  });

  it('keeps the stack of an error nobody expected (a bug)', () => {
    const failure = describeCommandFailure(new TypeError("Cannot read properties of undefined (reading 'id')"), usage, { debug: false });
    expect(failure.exitCode).toBe(1);
    expect(failure.text).toMatch(stackFrame);
  });
});
