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
        payload: { type: 'string' },
        status: { type: 'string' },
        limit: { type: 'string' },
        json: { type: 'boolean' },
        name: { type: 'string' },
        description: { type: 'string' },
        config: { type: 'string' },
        confirm: { type: 'string' },
        cron: { type: 'string' },
        tz: { type: 'string' },
        every: { type: 'string' },
        input: { type: 'string' },
        overlap: { type: 'string' },
        'catch-up': { type: 'string' },
        'retention-days': { type: 'string' },
        'rate-limit-per-minute': { type: 'string' },
        'rate-limit-burst': { type: 'string' },
        agent: { type: 'string' },
        'max-tokens': { type: 'string' },
        'max-cost-usd': { type: 'string' },
        dataset: { type: 'string' },
        version: { type: 'string' },
        baseline: { type: 'string' },
        'fail-on-regression': { type: 'boolean' },
        mode: { type: 'string' },
        memory: { type: 'string' },
        'report-dir': { type: 'string' },
        file: { type: 'string' },
        concurrency: { type: 'string' },
        format: { type: 'string' },
        tenant: { type: 'boolean' },
        max: { type: 'string' },
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

/** For `tenants`: `--key` wins over `AGENTLOOM_OPERATOR_KEY` (the file `<data dir>/operator-key`). */
export function operatorConnectionSettings(flags: CliFlags, environment: Record<string, string | undefined>): { baseUrl: string; operatorKey: string } {
  const baseUrl = flags.url ?? environment.AGENTLOOM_URL ?? 'http://localhost:3000';
  const operatorKey = flags.key ?? environment.AGENTLOOM_OPERATOR_KEY;
  if (!operatorKey) throw new UsageError('No operator key: pass --key or set AGENTLOOM_OPERATOR_KEY (it is in <data dir>/operator-key).');
  return { baseUrl, operatorKey };
}

/** A setting flag that may be cleared: `none` → null, a positive whole number, or absent. */
export function nullableIntegerFlag(value: string | undefined, name: string): number | null | undefined {
  return value === 'none' ? null : integerFlag(value, name);
}

/** A positive integer flag such as `--limit`. */
export function integerFlag(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new UsageError(`--${name} must be a positive whole number`);
  return Number(value);
}

/** Dollars such as `12.5` for `--max-cost-usd`; `none` or absent leaves cost unlimited. */
export function costFlag(value: string | undefined): number | null {
  if (value === undefined || value === 'none') return null;
  if (!/^\d+(\.\d{1,6})?$/.test(value)) throw new UsageError('--max-cost-usd must be an amount in dollars with at most six decimals, or none');
  return Number(value);
}
