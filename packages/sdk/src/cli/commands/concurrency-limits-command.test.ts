import { describe, expect, it } from 'vitest';

import { UsageError } from '../cli-context.ts';
import { parseCommandLine } from '../parse-command-line.ts';
import { parseConcurrencyLimitChange } from './concurrency-limits-command.ts';

const changeOf = (...argv: string[]) => parseConcurrencyLimitChange(parseCommandLine(['concurrency-limits', 'set', ...argv]).flags);

describe('concurrency-limits set flags', () => {
  it('reads the tenant or one agent, and a limit or none', () => {
    expect(changeOf('--tenant', '--max', '8')).toEqual({ target: { tenant: true }, maxRunningRuns: 8 });
    expect(changeOf('--agent', 'demo-researcher', '--max', 'none')).toEqual({ target: { agent: 'demo-researcher' }, maxRunningRuns: null });
  });

  it('refuses neither or both targets, a missing --max and a --max that is no whole number, naming what is wrong', () => {
    expect(() => changeOf('--max', '2')).toThrow(/needs --tenant or --agent/);
    expect(() => changeOf('--tenant', '--agent', 'a', '--max', '2')).toThrow(/--tenant or --agent, not both/);
    expect(() => changeOf('--tenant')).toThrow(/needs --max <n>/);
    expect(() => changeOf('--tenant', '--max', 'many')).toThrow(new UsageError('--max must be a positive whole number'));
    expect(() => changeOf('--tenant', '--max', '-1')).toThrow(UsageError);
  });
});
