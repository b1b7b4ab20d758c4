import { z } from 'zod';

/**
 * The earliest instant a date field accepts. Postgres has no year 0 (nor JavaScript's six-digit
 * `-010000-…` form), so an earlier bound in a query or a write failed as an internal error (500).
 * Four-digit ISO 8601 years end at 9999, the latest.
 */
export const earliestStorableDate = new Date('0001-01-01T00:00:00.000Z');
export const latestStorableDate = new Date('9999-12-31T23:59:59.999Z');

/** The ISO 8601 shapes alone, any year (the storable-date schema names the range itself). */
export function instantFormatSchema() {
  return z.union([z.iso.datetime({ offset: true }), z.iso.date()]);
}

/**
 * An instant (ISO 8601 with offset) or a calendar day (`2026-01-31`, meaning midnight UTC), as
 * REST query strings and date pickers send them. Kept a string in the schema (no transform), so
 * the same schema validates at the transport and again in the service. Year 0 (`0000-06-01`) is
 * refused: the ISO format allows it, Postgres does not.
 */
export const instantSchema = instantFormatSchema().refine(
  (value) => toInstant(value).getTime() >= earliestStorableDate.getTime(),
  `must not be before ${earliestStorableDate.toISOString()}`,
);

export function toInstant(value: string): Date {
  return new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
}
