import type { PrismaExecutor } from '@agentloom/db';

/** A subject over its limit: how many failures it has in the current window and when that ends. */
export interface AuthFailureCount {
  subject: string;
  failures: number;
  retryAfterSeconds: number;
}

/** Failures counted in windows that have not ended yet, for the subjects asked about. */
export function selectAuthFailures(client: PrismaExecutor, subjects: string[], windowSeconds: number): Promise<AuthFailureCount[]> {
  return client.$queryRawUnsafe<AuthFailureCount[]>(
    `SELECT subject, failures,
            GREATEST(1, CEIL(EXTRACT(EPOCH FROM (window_started_at + $2::int * interval '1 second' - now()))))::int AS "retryAfterSeconds"
       FROM auth_failures
      WHERE subject = ANY($1::text[]) AND window_started_at > now() - $2::int * interval '1 second'`,
    subjects,
    windowSeconds,
  );
}

/**
 * Counts one failure for every subject in one statement, on the database's clock so that every
 * console process shares the same windows: a subject whose window has ended starts a new one.
 */
export function recordAuthFailure(client: PrismaExecutor, subjects: string[], windowSeconds: number): Promise<number> {
  return client.$executeRawUnsafe(
    `INSERT INTO auth_failures AS counted (subject, window_started_at, failures)
     SELECT subject, now(), 1 FROM unnest($1::text[]) AS subject
     ON CONFLICT (subject) DO UPDATE SET
       failures = CASE WHEN counted.window_started_at <= now() - $2::int * interval '1 second' THEN 1 ELSE counted.failures + 1 END,
       window_started_at = CASE WHEN counted.window_started_at <= now() - $2::int * interval '1 second' THEN now() ELSE counted.window_started_at END`,
    subjects,
    windowSeconds,
  );
}

/** Windows that ended carry no information; dropping them keeps the table as small as the attack. */
export function deleteEndedAuthFailureWindows(client: PrismaExecutor, windowSeconds: number): Promise<number> {
  return client.$executeRawUnsafe(`DELETE FROM auth_failures WHERE window_started_at <= now() - $1::int * interval '1 second'`, windowSeconds);
}
