import { describe, expect, it } from 'vitest';

import { readEnvironment } from './env';

const databaseUrl = 'postgresql://postgres@127.0.0.1:5432/agentloom';
const key = Buffer.alloc(32, 3).toString('base64');

describe('worker environment: outbound policy and secret key', () => {
  it('reads AGENTLOOM_ALLOW_PRIVATE_TARGETS and the old webhook-only name, and decodes the secret keys', () => {
    const environment = readEnvironment({
      DATABASE_URL: databaseUrl,
      AGENTLOOM_ALLOW_PRIVATE_TARGETS: '127.0.0.1, ollama.internal',
      AGENTLOOM_WEBHOOK_ALLOW_PRIVATE_TARGETS: '10.0.0.0/8',
      AGENTLOOM_SECRET_KEY: key,
      AGENTLOOM_SECRET_KEY_PREVIOUS: Buffer.alloc(32, 4).toString('base64'),
    });
    if ('errors' in environment) throw new Error(environment.errors.join('; '));
    expect(environment.AGENTLOOM_ALLOW_PRIVATE_TARGETS).toEqual(['127.0.0.1', 'ollama.internal']);
    expect(environment.AGENTLOOM_WEBHOOK_ALLOW_PRIVATE_TARGETS).toEqual(['10.0.0.0/8']);
    expect(environment.AGENTLOOM_SECRET_KEY?.equals(Buffer.alloc(32, 3))).toBe(true);
    expect(environment.AGENTLOOM_SECRET_KEY_PREVIOUS.map((previous) => previous[0])).toEqual([4]);
  });

  it('names the variable when the secret key is not 32 bytes of base64', () => {
    const environment = readEnvironment({ DATABASE_URL: databaseUrl, AGENTLOOM_SECRET_KEY: 'c2hvcnQ=' });
    expect(environment).toEqual({ errors: [expect.stringMatching(/^AGENTLOOM_SECRET_KEY: must be 32 random bytes/) as string] });
  });
});
