import type { z } from 'zod';

import { DomainError } from '../errors/domain-error';

/**
 * Validates input at the service boundary (every transport goes through here), turning the first
 * zod issue into a `validation` error that names the field. Text containing NUL characters is
 * refused here too: Postgres cannot store U+0000 in text or jsonb, and would fail the write with
 * an internal error instead.
 */
export function parseInput<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  const parsed = schema.safeParse(input);
  if (parsed.success) {
    const nulField = fieldWithNul(parsed.data, []);
    if (nulField !== undefined) {
      const field = nulField.length > 0 ? nulField.join('.') : undefined;
      throw new DomainError('validation', `${field ? `${field}: ` : ''}text must not contain NUL (U+0000) characters`, field);
    }
    return parsed.data;
  }
  const issue = parsed.error.issues[0];
  const field = issue && issue.path.length > 0 ? issue.path.join('.') : undefined;
  const message = issue ? `${field ? `${field}: ` : ''}${issue.message}` : 'Invalid input';
  throw new DomainError('validation', message, field);
}

/** The path of the first string (value or object key) containing U+0000, or undefined. */
function fieldWithNul(value: unknown, path: string[]): string[] | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (Array.isArray(value)) {
    for (const [index, entry] of value.entries()) {
      const found = fieldWithNul(entry, [...path, String(index)]);
      if (found) return found;
    }
    return undefined;
  }
  if (typeof value !== 'object' || value === null || value instanceof Date) return undefined;
  for (const [key, entry] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key];
    const found = fieldWithNul(entry, [...path, key]);
    if (found) return found;
  }
  return undefined;
}
