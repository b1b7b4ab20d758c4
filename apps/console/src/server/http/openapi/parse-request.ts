import { DomainError } from '@agentloom/platform';
import type { z } from 'zod';

/**
 * Validates the part of a request that only REST has (a PATCH's combined fields, the erase target)
 * the way the platform's `parseInput` validates service input: the first issue becomes one
 * `validation` error naming its field.
 */
export function parseRequest<Schema extends z.ZodType>(schema: Schema, value: unknown): z.output<Schema> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue && issue.path.length > 0 ? issue.path.join('.') : undefined;
  throw new DomainError('validation', issue ? `${field ? `${field}: ` : ''}${issue.message}` : 'Invalid request', field);
}
