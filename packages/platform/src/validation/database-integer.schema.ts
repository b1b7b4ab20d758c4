import { z } from 'zod';

/** The range of Postgres `integer` (int4): the type of every Prisma `Int` column. */
export const databaseIntegerRange = { minimum: -2_147_483_648, maximum: 2_147_483_647 } as const;

/**
 * An integer a service stores in or compares with an `Int` column: version numbers, step and
 * message indexes, event sequence numbers, cursors over them. `z.number().int()` alone accepts
 * anything up to 2^53, and Postgres refuses a parameter past 2^31 − 1 (SQLSTATE 22003) once the
 * query runs, which clients saw as an internal error (500); here the field is named instead.
 * Chain the field's own bounds (`.positive()`, `.min(-1)`) onto it. `BigInt` columns (token
 * budgets) are not this type: they take any safe integer.
 */
export const databaseIntegerSchema = z
  .number()
  .int()
  .min(databaseIntegerRange.minimum, `must be at least ${databaseIntegerRange.minimum} (the smallest integer the database stores)`)
  .max(databaseIntegerRange.maximum, `must be at most ${databaseIntegerRange.maximum} (the largest integer the database stores)`);

/** True for a safe integer within the database's `integer` range (for transports that parse text themselves). */
export function isDatabaseInteger(value: number): boolean {
  return Number.isSafeInteger(value) && value >= databaseIntegerRange.minimum && value <= databaseIntegerRange.maximum;
}
