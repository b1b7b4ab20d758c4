import { describe, expect, it } from 'vitest';
import { safeRedirectPath, signInInputSchema } from './session.schema';

describe('safeRedirectPath', () => {
  it('keeps paths on this site', () => {
    expect(safeRedirectPath('/settings/health?tab=1')).toBe('/settings/health?tab=1');
  });

  it.each([null, undefined, '', 'https://evil.example', '//evil.example', '/\\evil.example'])(
    'falls back to /runs for %s',
    (candidate) => {
      expect(safeRedirectPath(candidate)).toBe('/runs');
    },
  );
});

describe('signInInputSchema', () => {
  it('trims the key and rejects an empty one', () => {
    expect(signInInputSchema.parse({ apiKey: '  al_key  ' })).toEqual({ apiKey: 'al_key' });
    expect(signInInputSchema.safeParse({ apiKey: '   ' }).success).toBe(false);
  });
});
