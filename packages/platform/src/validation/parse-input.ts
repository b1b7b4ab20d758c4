import type { z } from 'zod';

import { DomainError } from '../errors/domain-error';
import { assertInputDepth, assertStorableText } from './unstorable-text';

/**
 * Validates input at the service boundary (every transport goes through here), turning the first
 * zod issue into a `validation` error that names the field. Text Postgres cannot store (NUL, lone
 * UTF-16 surrogates) is refused here too, so a write never fails with an internal error instead;
 * the console also refuses it at its edge, before any service is called. Nesting deeper than the JSON
 * depth limit is refused before the schema sees the input: a recursive schema (`z.json()`) would
 * overflow the stack on it, and a caller that is not HTTP (the worker, a script) has no edge that
 * checked it first (ADR 0010).
 */
export function parseInput<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  assertInputDepth(input);
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
