import { describe, expect, it } from 'vitest';
import { readSessionKey, sessionCookieOptions } from './session-cookie';

describe('readSessionKey', () => {
  it('finds the session cookie among others and decodes it', () => {
    expect(readSessionKey('theme=dark; agentloom_session=al_abc%2Bdef; other=1')).toBe('al_abc+def');
  });

  it('returns null without a header, without the cookie, or with an empty value', () => {
    expect(readSessionKey(null)).toBeNull();
    expect(readSessionKey('theme=dark')).toBeNull();
    expect(readSessionKey('agentloom_session=')).toBeNull();
  });

  it('reads a malformed percent-escape as no session instead of throwing', () => {
    for (const value of ['%', '%FF', '%E0%A4%A']) expect(readSessionKey(`agentloom_session=${value}`)).toBeNull();
  });
});

describe('sessionCookieOptions', () => {
  it('keeps the key away from scripts and cross-site requests', () => {
    expect(sessionCookieOptions(false)).toMatchObject({ httpOnly: true, sameSite: 'lax', secure: false, path: '/' });
    expect(sessionCookieOptions(true).secure).toBe(true);
  });
});
