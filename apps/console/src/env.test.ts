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
