import { describe, expect, it } from 'vitest';

import { UsageError } from './cli-context.ts';
import { connectionSettings, integerFlag, parseCommandLine } from './parse-command-line.ts';

describe('parseCommandLine', () => {
  it('separates command words from flags wherever the flags stand', () => {
    expect(parseCommandLine(['run', '--follow', 'demo-researcher', 'Why?', '--thread', 't1'])).toEqual({
      words: ['run', 'demo-researcher', 'Why?'],
      flags: { follow: true, thread: 't1' },
    });
  });

  it('refuses unknown flags as a usage error', () => {
    expect(() => parseCommandLine(['run', '--folow'])).toThrow(UsageError);
  });
});

describe('connectionSettings', () => {
  it('prefers flags over the environment and needs a key', () => {
    expect(connectionSettings({ url: 'http://a', key: 'k1' }, { AGENTLOOM_URL: 'http://b', AGENTLOOM_API_KEY: 'k2' })).toEqual({
      baseUrl: 'http://a',
      apiKey: 'k1',
    });
    expect(connectionSettings({}, { AGENTLOOM_API_KEY: 'k2' })).toEqual({ baseUrl: 'http://localhost:3000', apiKey: 'k2' });
    expect(() => connectionSettings({}, {})).toThrow(UsageError);
  });
});

describe('integerFlag', () => {
  it('reads whole numbers only', () => {
    expect(integerFlag('5', 'limit')).toBe(5);
    expect(integerFlag(undefined, 'limit')).toBeUndefined();
    expect(() => integerFlag('-1', 'limit')).toThrow(UsageError);
  });
});
