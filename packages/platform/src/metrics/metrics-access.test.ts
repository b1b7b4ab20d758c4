import { describe, expect, it } from 'vitest';

import { metricsAccessForAuthorization } from './metrics-access';

const token = 'a-metrics-token-of-some-length';

describe('metricsAccessForAuthorization', () => {
  it('gives everything for the configured token as a bearer credential, in any scheme case and with trailing space', () => {
    for (const authorization of [`Bearer ${token}`, `bearer ${token}`, `BEARER ${token}`, `Bearer   ${token}`, `Bearer\t${token}`, `Bearer ${token}  `]) {
      expect(metricsAccessForAuthorization(authorization, token)).toBe('full');
    }
  });

  it.each([
    ['no header', null],
    ['an absent header', undefined],
    ['an empty header', ''],
    ['another token', 'Bearer wrong'],
    ['the token with a character more', `Bearer ${token}x`],
    ['the token with a character less', `Bearer ${token.slice(0, -1)}`],
    ['the token without a scheme', token],
    ['the token under another scheme', `Basic ${token}`],
    ['text before the scheme', `x Bearer ${token}`],
    ['a second word after the token', `Bearer ${token} extra`],
    ['no space after the scheme', `Bearer${token}`],
    ['an empty bearer credential', 'Bearer '],
  ])('refuses %s when a token is configured', (_case, authorization) => {
    expect(metricsAccessForAuthorization(authorization, token)).toBe('refused');
  });

  it('counts an empty token as none configured', () => {
    expect(metricsAccessForAuthorization('Bearer ', '')).toBe('without-tenant-labels');
    expect(metricsAccessForAuthorization(null, '')).toBe('without-tenant-labels');
  });

  it('without a configured token gives numbers without tenant labels, whatever is sent', () => {
    expect(metricsAccessForAuthorization(null, undefined)).toBe('without-tenant-labels');
    expect(metricsAccessForAuthorization(`Bearer ${token}`, undefined)).toBe('without-tenant-labels');
  });
});
