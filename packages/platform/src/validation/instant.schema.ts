import { z } from 'zod';

/**
 * An instant (ISO 8601 with offset) or a calendar day (`2026-01-31`, meaning midnight UTC), as
 * REST query strings and date pickers send them. Kept a string in the schema (no transform), so
 * the same schema validates at the transport and again in the service.
 */
export const instantSchema = z.union([z.iso.datetime({ offset: true }), z.iso.date()]);

export function toInstant(value: string): Date {
  return new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
}
