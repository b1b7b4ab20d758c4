import { describe, expect, it } from 'vitest';
import { safeRedirectPath, signInInputSchema } from './session.schema';

describe('safeRedirectPath', () => {
  it.each(['/\t/evil.example', '/\n/evil.example', '/\r\\evil.example', '/\t\\evil.example', '//evil.example', '/./..//evil.example'])(
    'keeps %j on this site as a browser resolves it',
    (candidate) => {
      const site = 'https://console.example';
      expect(new URL(safeRedirectPath(candidate), site).origin).toBe(site);
    },
  );

  it('keeps paths on this site', () => {
    expect(safeRedirectPath('/settings/health?tab=1')).toBe('/settings/health?tab=1');
  });

  it.each([
    null,
    undefined,
    '',
    'https://evil.example',
    '//evil.example',
    '/\\evil.example',
    // Browsers drop tabs and line breaks and read a backslash as a slash: each of these is //evil.example.
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\\evil.example',
    '/\t\\evil.example',
    '/%09/evil.example'.replace('%09', '\t'),
    '/\u0000/evil.example',
  ])('falls back to /runs for %s', (candidate) => {
    expect(safeRedirectPath(candidate)).toBe('/runs');
  });
});

describe('signInInputSchema', () => {
  it('trims the key and rejects an empty one', () => {
    expect(signInInputSchema.parse({ apiKey: '  al_key  ' })).toEqual({ apiKey: 'al_key' });
    expect(signInInputSchema.safeParse({ apiKey: '   ' }).success).toBe(false);
  });
});
