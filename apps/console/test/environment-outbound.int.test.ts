import { describe, expect, it } from 'vitest';

import { InvalidEnvironmentError, parseEnvironment } from '~/env';

describe('console environment: outbound policy and secret key', () => {
  it('merges AGENTLOOM_ALLOW_PRIVATE_TARGETS with its old webhook-only alias, and decodes the secret keys', () => {
    const environment = parseEnvironment({
      AGENTLOOM_ALLOW_PRIVATE_TARGETS: '127.0.0.1,ollama.internal',
      AGENTLOOM_WEBHOOK_ALLOW_PRIVATE_TARGETS: '10.0.0.0/8',
      AGENTLOOM_SECRET_KEY: Buffer.alloc(32, 5).toString('base64'),
      AGENTLOOM_SECRET_KEY_PREVIOUS: Buffer.alloc(32, 6).toString('base64'),
    });
    expect(environment.outbound.allowPrivateTargets).toEqual(['127.0.0.1', 'ollama.internal', '10.0.0.0/8']);
    expect(environment.secrets?.key.equals(Buffer.alloc(32, 5))).toBe(true);
    expect(environment.secrets?.previousKeys.map((key) => key[0])).toEqual([6]);
  });

  it('leaves the key to the platform when unset (embedded: the data directory key file)', () => {
    expect(parseEnvironment({}).secrets).toBeUndefined();
  });

  it('refuses a secret key that is not 32 bytes of base64, naming the variable', () => {
    expect(() => parseEnvironment({ AGENTLOOM_SECRET_KEY: 'too-short' })).toThrow(InvalidEnvironmentError);
    expect(() => parseEnvironment({ AGENTLOOM_SECRET_KEY: 'too-short' })).toThrow(/AGENTLOOM_SECRET_KEY/);
    expect(() => parseEnvironment({ AGENTLOOM_SECRET_KEY: Buffer.alloc(32).toString('base64'), AGENTLOOM_SECRET_KEY_PREVIOUS: 'x' })).toThrow(/AGENTLOOM_SECRET_KEY_PREVIOUS/);
  });
});
