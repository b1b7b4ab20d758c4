import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { storableDateSchema } from './storable-date.schema';

describe('storableDateSchema', () => {
  it('reads instants with an offset, calendar days and Date objects as dates', () => {
    expect(storableDateSchema.parse('2026-01-31T09:00:00+01:00')).toEqual(new Date('2026-01-31T08:00:00Z'));
    expect(storableDateSchema.parse('2026-01-31')).toEqual(new Date('2026-01-31T00:00:00Z'));
    expect(storableDateSchema.parse(new Date('2026-01-31T08:00:00Z'))).toEqual(new Date('2026-01-31T08:00:00Z'));
    expect(storableDateSchema.parse('0001-01-01T00:00:00Z')).toEqual(new Date('0001-01-01T00:00:00Z'));
    expect(storableDateSchema.parse('9999-12-31T23:59:59.999Z')).toEqual(new Date('9999-12-31T23:59:59.999Z'));
  });

  it('refuses dates Postgres cannot store, numbers, and strings that are not ISO 8601', () => {
    for (const value of [
      '-010000-01-01T00:00:00.000Z',
      '+010000-01-01T00:00:00.000Z',
      '0000-06-01T00:00:00Z',
      '0001-01-01T00:30:00+01:00',
      new Date('-010000-01-01T00:00:00.000Z'),
      new Date(8.64e15),
      new Date('not a date'),
      1_700_000_000_000,
      'Jan 31 2026',
      '2026-01-31T09:00:00',
      '2026-02-31T00:00:00Z',
    ]) {
      expect(storableDateSchema.safeParse(value).success, String(value)).toBe(false);
    }
  });

  it('shows clients a date-time string in JSON Schema, as the coercing schema did', () => {
    expect(z.toJSONSchema(z.object({ at: storableDateSchema }), { io: 'input', unrepresentable: 'any' })).toEqual(
      z.toJSONSchema(z.object({ at: z.coerce.date() }), { io: 'input', unrepresentable: 'any' }),
    );
  });
});
