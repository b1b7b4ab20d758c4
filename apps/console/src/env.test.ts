import { describe, expect, it } from 'vitest';

import { metricsAccessForAuthorization } from '@agentloom/platform';

import { InvalidEnvironmentError, parseEnvironment } from '~/env';

// The worker reads AGENTLOOM_METRICS_TOKEN by the same rule (apps/worker/src/env-validation.test.ts).
describe('console environment: the metrics token', () => {
  it('trims the newline a token file leaves (kubectl create secret --from-file), so a scrape can present it', () => {
    const { metricsToken } = parseEnvironment({ NODE_ENV: 'test', AGENTLOOM_METRICS_TOKEN: 'Zm9vYmFyYmF6cXV4cXV1eDEyMzQ1Njc4\n' });
    expect(metricsToken).toBe('Zm9vYmFyYmF6cXV4cXV1eDEyMzQ1Njc4');
    expect(metricsAccessForAuthorization('Bearer Zm9vYmFyYmF6cXV4cXV1eDEyMzQ1Njc4', metricsToken)).toBe('full');
  });

  it('refuses a token with whitespace inside, which no bearer header can carry, naming the variable', () => {
    expect(() => parseEnvironment({ NODE_ENV: 'test', AGENTLOOM_METRICS_TOKEN: 'correct horse battery staple' })).toThrow(InvalidEnvironmentError);
    expect(() => parseEnvironment({ NODE_ENV: 'test', AGENTLOOM_METRICS_TOKEN: 'correct horse battery staple' })).toThrow(
      /^Invalid AGENTLOOM_METRICS_TOKEN: must not contain spaces/,
    );
  });

  it('takes an empty token as unset', () => {
    expect(parseEnvironment({ NODE_ENV: 'test', AGENTLOOM_METRICS_TOKEN: '' }).metricsToken).toBeUndefined();
  });
});

describe('console environment: the executor lease', () => {
  it('refuses executor timers Node cannot wait for (past 2^31 − 1 ms it fires them at once), naming the variable', () => {
    for (const name of ['AGENTLOOM_POLL_MS', 'AGENTLOOM_RECOVERY_INTERVAL_MS', 'AGENTLOOM_HEARTBEAT_MS', 'AGENTLOOM_LEASE_MS']) {
      expect(() => parseEnvironment({ NODE_ENV: 'test', [name]: '2147483648' }), name).toThrow(new RegExp(`${name}.*must be at most 2147483647 ms`));
    }
  });

  it('refuses a heartbeat at or past the lease, naming both variables (every lease would expire before its renewal)', () => {
    expect(() => parseEnvironment({ NODE_ENV: 'test', AGENTLOOM_LEASE_MS: '2000' })).toThrow(
      /^Invalid AGENTLOOM_HEARTBEAT_MS: must be below AGENTLOOM_LEASE_MS \(5000 ≥ 2000\)/,
    );
    expect(() => parseEnvironment({ NODE_ENV: 'test', AGENTLOOM_LEASE_MS: '5000', AGENTLOOM_HEARTBEAT_MS: '5000' })).toThrow(InvalidEnvironmentError);
    expect(parseEnvironment({ NODE_ENV: 'test', AGENTLOOM_LEASE_MS: '5000', AGENTLOOM_HEARTBEAT_MS: '4999' }).executor).toMatchObject({
      leaseMs: 5000,
      heartbeatMs: 4999,
    });
  });
});
