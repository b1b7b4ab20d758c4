import { describe, expect, it } from 'vitest';

import { isSameOriginHeaders, isSameOriginRequest } from './same-origin';

const headers = (values: Record<string, string>) => new Headers(values);

describe('isSameOriginHeaders (the CSRF check of cookie-carrying requests)', () => {
  it('lets a request with neither Origin nor Sec-Fetch-Site through: no browser page sent it', () => {
    expect(isSameOriginHeaders(headers({ host: 'console.example' }))).toBe(true);
  });

  it('lets a page of this site through, by Origin against Host', () => {
    expect(isSameOriginHeaders(headers({ host: 'console.example:3000', origin: 'http://console.example:3000', 'sec-fetch-site': 'same-origin' }))).toBe(true);
    expect(isSameOriginHeaders(headers({ host: 'console.example', origin: 'https://console.example' }))).toBe(true);
  });

  it('lets the user’s own navigation through (Sec-Fetch-Site: none)', () => {
    expect(isSameOriginHeaders(headers({ host: 'console.example', 'sec-fetch-site': 'none' }))).toBe(true);
  });

  it.each(['cross-site', 'same-site', 'something-new'])('refuses Sec-Fetch-Site: %s, even with a matching Origin', (site) => {
    expect(isSameOriginHeaders(headers({ host: 'console.example', origin: 'https://console.example', 'sec-fetch-site': site }))).toBe(false);
  });

  it.each([
    ['another host', 'https://attacker.example'],
    ['a sibling subdomain', 'https://other.console.example'],
    ['another port', 'http://console.example:8080'],
    ['a host with this one as prefix', 'https://console.example.attacker.example'],
    ['an opaque origin', 'null'],
    ['a malformed origin', 'http://'],
  ])('refuses an Origin from %s', (_case, origin) => {
    expect(isSameOriginHeaders(headers({ host: 'console.example', origin }))).toBe(false);
  });

  it('refuses an Origin when the request names no host', () => {
    expect(isSameOriginHeaders(headers({ origin: 'https://console.example' }))).toBe(false);
  });

  it('compares with the host a proxy forwarded, when there is one', () => {
    const behindProxy = { host: '127.0.0.1:3000', 'x-forwarded-host': 'console.example' };
    expect(isSameOriginHeaders(headers({ ...behindProxy, origin: 'https://console.example' }))).toBe(true);
    expect(isSameOriginHeaders(headers({ ...behindProxy, origin: 'http://127.0.0.1:3000' }))).toBe(false);
  });

  it('checks a Request by its headers', () => {
    const request = (origin: string) => new Request('http://console.example/api/session', { method: 'POST', headers: { host: 'console.example', origin } });
    expect(isSameOriginRequest(request('http://console.example'))).toBe(true);
    expect(isSameOriginRequest(request('http://attacker.example'))).toBe(false);
  });
});
