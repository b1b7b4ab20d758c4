import { parseArgs } from 'node:util';

import { UsageError, type CliFlags } from './cli-context.ts';

/** The command words and flags of an `agentloom` invocation; unknown flags are usage errors. */
export function parseCommandLine(argv: string[]): { words: string[]; flags: CliFlags } {
  try {
    const { positionals, values } = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        url: { type: 'string' },
        key: { type: 'string' },
        thread: { type: 'string' },
        follow: { type: 'boolean', short: 'f' },
        reason: { type: 'string' },
        status: { type: 'string' },
        limit: { type: 'string' },
        json: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    return { words: positionals, flags: values };
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** `--url`/`--key` win over `AGENTLOOM_URL`/`AGENTLOOM_API_KEY`; the URL defaults to a local console. */
export function connectionSettings(flags: CliFlags, environment: Record<string, string | undefined>): { baseUrl: string; apiKey: string } {
  const baseUrl = flags.url ?? environment.AGENTLOOM_URL ?? 'http://localhost:3000';
  const apiKey = flags.key ?? environment.AGENTLOOM_API_KEY;
  if (!apiKey) throw new UsageError('No API key: pass --key or set AGENTLOOM_API_KEY (the first admin key is in <data dir>/admin-key).');
  return { baseUrl, apiKey };
}

/** A positive integer flag such as `--limit`. */
export function integerFlag(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new UsageError(`--${name} must be a positive whole number`);
  return Number(value);
}
