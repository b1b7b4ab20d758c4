import { metricsAccessForAuthorization } from '@agentloom/platform';
import { describe, expect, it } from 'vitest';

import { readEnvironment } from './env';

const base = { DATABASE_URL: 'postgresql://db/agentloom' };

function errorsOf(source: NodeJS.ProcessEnv): string {
  const environment = readEnvironment({ ...base, ...source });
  return 'errors' in environment ? environment.errors.join('\n') : 'accepted';
}

describe('worker environment: settings refused at start', () => {
  it('refuses a heartbeat that is not below the lease, naming both variables', () => {
    // Every lease would expire before its renewal: each run recovered as attempt + 1 until exhausted.
    expect(errorsOf({ AGENTLOOM_LEASE_MS: '2000' })).toMatch(/^AGENTLOOM_HEARTBEAT_MS: must be below AGENTLOOM_LEASE_MS \(5000 ≥ 2000\)/);
    expect(errorsOf({ AGENTLOOM_LEASE_MS: '5000', AGENTLOOM_HEARTBEAT_MS: '5000' })).toMatch(/AGENTLOOM_HEARTBEAT_MS.*AGENTLOOM_LEASE_MS/);
    expect(errorsOf({ AGENTLOOM_LEASE_MS: '5000', AGENTLOOM_HEARTBEAT_MS: '1000' })).toBe('accepted');
  });

  it('refuses executor timers Node cannot wait for (past 2^31 − 1 ms it fires them at once), naming the variable', () => {
    for (const name of ['AGENTLOOM_POLL_MS', 'AGENTLOOM_RECOVERY_INTERVAL_MS', 'AGENTLOOM_HEARTBEAT_MS', 'AGENTLOOM_LEASE_MS']) {
      expect(errorsOf({ [name]: '2147483648' }), name).toMatch(new RegExp(`${name}: must be at most 2147483647 ms`));
    }
    expect(errorsOf({ AGENTLOOM_POLL_MS: '2147483647', AGENTLOOM_RECOVERY_INTERVAL_MS: '2147483647' })).toBe('accepted');
  });

  it('refuses the same port for the probe server and the metrics server, naming both variables', () => {
    expect(errorsOf({ AGENTLOOM_WORKER_HEALTH_PORT: '9464', AGENTLOOM_METRICS_PORT: '9464' })).toMatch(
      /^AGENTLOOM_METRICS_PORT: .*AGENTLOOM_WORKER_HEALTH_PORT/,
    );
    expect(errorsOf({ AGENTLOOM_WORKER_HEALTH_PORT: '8081', AGENTLOOM_METRICS_PORT: '9464' })).toBe('accepted');
  });
});

describe('worker environment: read as the console reads it', () => {
  it.each([
    ['AGENTLOOM_LEASE_MS', 30_000],
    ['AGENTLOOM_HEARTBEAT_MS', 5_000],
    ['AGENTLOOM_POLL_MS', 1_000],
    ['AGENTLOOM_RECOVERY_INTERVAL_MS', 5_000],
    // Coerced, "" would be 0 here: a valid grace, but not the default the console uses.
    ['AGENTLOOM_TOOL_ABORT_GRACE_MS', 5_000],
  ] as const)('takes an empty %s as unset (default %i), like the console, so one fleet file configures both', (variable, defaultValue) => {
    const environment = readEnvironment({ ...base, [variable]: '' });
    if ('errors' in environment) throw new Error(environment.errors.join('\n'));
    expect(environment[variable]).toBe(defaultValue);
  });

  it('takes empty ports as unset: no probe or metrics server', () => {
    const environment = readEnvironment({ ...base, AGENTLOOM_WORKER_HEALTH_PORT: '', AGENTLOOM_METRICS_PORT: '', AGENTLOOM_METRICS_TOKEN: '' });
    if ('errors' in environment) throw new Error(environment.errors.join('\n'));
    expect([environment.AGENTLOOM_WORKER_HEALTH_PORT, environment.AGENTLOOM_METRICS_PORT, environment.AGENTLOOM_METRICS_TOKEN]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });
});

describe('worker environment: the metrics token', () => {
  it('trims the newline a token file leaves (kubectl create secret --from-file), so a scrape can present it', () => {
    const environment = readEnvironment({ ...base, AGENTLOOM_METRICS_PORT: '9464', AGENTLOOM_METRICS_TOKEN: 'Zm9vYmFyYmF6cXV4cXV1eDEyMzQ1Njc4\n' });
    if ('errors' in environment) throw new Error(environment.errors.join('\n'));
    expect(environment.AGENTLOOM_METRICS_TOKEN).toBe('Zm9vYmFyYmF6cXV4cXV1eDEyMzQ1Njc4');
    // Prometheus sends the token it was given (its credentials_file trimmed) as "Bearer <token>".
    expect(metricsAccessForAuthorization('Bearer Zm9vYmFyYmF6cXV4cXV1eDEyMzQ1Njc4', environment.AGENTLOOM_METRICS_TOKEN)).toBe('full');
  });

  it('refuses a token with whitespace inside, which no bearer header can carry, naming the variable', () => {
    expect(errorsOf({ AGENTLOOM_METRICS_PORT: '9464', AGENTLOOM_METRICS_TOKEN: 'correct horse battery staple' })).toMatch(
      /^AGENTLOOM_METRICS_TOKEN: must not contain spaces/,
    );
  });
});
