import type { z } from 'zod';

import { DomainError } from '../errors/domain-error';
import { assertStorableText } from './unstorable-text';

/**
 * Validates input at the service boundary (every transport goes through here), turning the first
 * zod issue into a `validation` error that names the field. Text Postgres cannot store (NUL, lone
 * UTF-16 surrogates) is refused here too, so a write never fails with an internal error instead;
 * the console also refuses it at its edge, before any service is called.
 */
export function parseInput<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  const parsed = schema.safeParse(input);
  if (parsed.success) {
    assertStorableText(parsed.data);
    return parsed.data;
  }
  const issue = parsed.error.issues[0];
  const field = issue && issue.path.length > 0 ? issue.path.join('.') : undefined;
  const message = issue ? `${field ? `${field}: ` : ''}${issue.message}` : 'Invalid input';
  throw new DomainError('validation', message, field);
}
