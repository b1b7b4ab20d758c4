import type { PrismaExecutor } from '@agentloom/db';

/** One subject's failures in its current window, and the seconds until that window ends. */
export interface AuthFailureCount {
  subject: string;
  failures: number;
  retryAfterSeconds: number;
}

/**
 * Counts one failure for every subject in one statement, on the database's clock so that every
 * console process shares the same windows: a subject whose window has ended starts a new one.
 * Returns the counts after this failure.
 */
export function recordAuthFailure(client: PrismaExecutor, subjects: string[], windowSeconds: number): Promise<AuthFailureCount[]> {
  return client.$queryRawUnsafe<AuthFailureCount[]>(
    `INSERT INTO auth_failures AS counted (subject, window_started_at, failures)
     SELECT subject, now(), 1 FROM unnest($1::text[]) AS subject
     ON CONFLICT (subject) DO UPDATE SET
       failures = CASE WHEN counted.window_started_at <= now() - $2::int * interval '1 second' THEN 1 ELSE counted.failures + 1 END,
       window_started_at = CASE WHEN counted.window_started_at <= now() - $2::int * interval '1 second' THEN now() ELSE counted.window_started_at END
     RETURNING subject, failures,
       GREATEST(1, CEIL(EXTRACT(EPOCH FROM (window_started_at + $2::int * interval '1 second' - now()))))::int AS "retryAfterSeconds"`,
    subjects,
    windowSeconds,
  );
}

/** Windows that ended carry no information; dropping them keeps the table as small as the attack. */
export function deleteEndedAuthFailureWindows(client: PrismaExecutor, windowSeconds: number): Promise<number> {
  return client.$executeRawUnsafe(`DELETE FROM auth_failures WHERE window_started_at <= now() - $1::int * interval '1 second'`, windowSeconds);
}
