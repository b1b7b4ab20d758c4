import { describe, expect, it } from 'vitest';
import { readSessionToken, sessionCookieOptions, shouldSecureCookie } from './session-cookie';

describe('readSessionToken', () => {
  it('finds the session cookie among others and decodes it', () => {
    expect(readSessionToken('theme=dark; agentloom_session=als_abc%2Bdef; other=1')).toBe('als_abc+def');
  });

  it('returns null without a header, without the cookie, or with an empty value', () => {
    expect(readSessionToken(null)).toBeNull();
    expect(readSessionToken('theme=dark')).toBeNull();
    expect(readSessionToken('agentloom_session=')).toBeNull();
  });

  it('treats a malformed percent-escape as no session instead of throwing', () => {
    for (const value of ['%', '%E0%A4%A', '%FF', 'abc%zz']) {
      expect(readSessionToken(`agentloom_session=${value}`), value).toBeNull();
    }
  });
});

describe('sessionCookieOptions', () => {
  it('keeps the token away from scripts and cross-site requests', () => {
    expect(sessionCookieOptions(false)).toMatchObject({ httpOnly: true, sameSite: 'lax', secure: false, path: '/' });
    expect(sessionCookieOptions(true).secure).toBe(true);
  });

  it('is Secure when configured or when the request came over HTTPS', () => {
    expect(shouldSecureCookie(new Request('http://127.0.0.1/api/session'), false)).toBe(false);
    expect(shouldSecureCookie(new Request('http://127.0.0.1/api/session'), true)).toBe(true);
    expect(shouldSecureCookie(new Request('https://console.example/api/session'), false)).toBe(true);
    expect(shouldSecureCookie(new Request('http://console/api/session', { headers: { 'X-Forwarded-Proto': 'https' } }), false)).toBe(true);
  });
});
