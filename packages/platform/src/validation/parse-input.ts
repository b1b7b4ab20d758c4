import type { z } from 'zod';

import { DomainError } from '../errors/domain-error';

/**
 * Validates input at the service boundary (every transport goes through here), turning the first
 * zod issue into a `validation` error that names the field.
 */
export function parseInput<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue && issue.path.length > 0 ? issue.path.join('.') : undefined;
  const message = issue ? `${field ? `${field}: ` : ''}${issue.message}` : 'Invalid input';
  throw new DomainError('validation', message, field);
}
