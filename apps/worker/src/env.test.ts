import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import { readEnvironment } from './env';

const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));

describe('worker environment', () => {
  it('resolves tool modules against the repository root, as the console does, so one value configures the fleet', () => {
    const environment = readEnvironment({ DATABASE_URL: 'postgresql://db/agentloom', AGENTLOOM_TOOL_MODULES: 'tools/crm.ts, /opt/agentloom/tickets.mjs' });
    if ('errors' in environment) throw new Error(environment.errors.join('\n'));
    expect(environment.AGENTLOOM_TOOL_MODULES).toEqual([`${repositoryRoot}tools/crm.ts`, '/opt/agentloom/tickets.mjs']);
  });

  it('has the executor settings the console has, with the same defaults', () => {
    const environment = readEnvironment({ DATABASE_URL: 'postgresql://db/agentloom' });
    if ('errors' in environment) throw new Error(environment.errors.join('\n'));
    expect(environment).toMatchObject({
      AGENTLOOM_TOOL_MODULES: [],
      AGENTLOOM_LEASE_MS: 30_000,
      AGENTLOOM_HEARTBEAT_MS: 5_000,
      AGENTLOOM_POLL_MS: 1_000,
      AGENTLOOM_RECOVERY_INTERVAL_MS: 5_000,
    });
    expect(readEnvironment({ DATABASE_URL: 'postgresql://db/agentloom', AGENTLOOM_POLL_MS: '10' })).toEqual({
      errors: [expect.stringMatching(/^AGENTLOOM_POLL_MS: /) as unknown],
    });
  });

  it('selects the memory embedder as the console does: use-lite by default, errors naming the variable', () => {
    const environment = readEnvironment({ DATABASE_URL: 'postgresql://db/agentloom' });
    if ('errors' in environment) throw new Error(environment.errors.join('\n'));
    expect(environment.memoryEmbedder).toEqual({ provider: 'use-lite' });
    const hashing = readEnvironment({ DATABASE_URL: 'postgresql://db/agentloom', AGENTLOOM_EMBEDDER: 'hashing' });
    expect('errors' in hashing ? hashing : hashing.memoryEmbedder).toEqual({ provider: 'hashing' });
    expect(readEnvironment({ DATABASE_URL: 'postgresql://db/agentloom', AGENTLOOM_EMBEDDER: 'openai:text-embedding-3-small' })).toEqual({
      errors: [expect.stringMatching(/^AGENTLOOM_EMBEDDER_DIMENSION: /) as unknown],
    });
  });
});
