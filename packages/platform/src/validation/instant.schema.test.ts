import { describe, expect, it } from 'vitest';

import { instantSchema, toInstant } from './instant.schema';

describe('instantSchema', () => {
  it('accepts instants with an offset and calendar days from year 1 on', () => {
    for (const value of ['2026-01-31T09:00:00+01:00', '2026-01-31', '0001-01-01T00:00:00Z', '0000-12-31T23:30:00-01:00', '9999-12-31']) {
      expect(instantSchema.safeParse(value).success, value).toBe(true);
    }
    expect(toInstant('2026-01-31')).toEqual(new Date('2026-01-31T00:00:00Z'));
  });

  it('refuses year 0, which ISO 8601 allows and Postgres does not', () => {
    for (const value of ['0000-06-01T00:00:00Z', '0000-06-01', '0001-01-01T00:30:00+01:00', '-010000-01-01T00:00:00.000Z']) {
      expect(instantSchema.safeParse(value).success, value).toBe(false);
    }
  });
});
