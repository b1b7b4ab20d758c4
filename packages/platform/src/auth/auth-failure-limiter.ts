import type { Database } from '@agentloom/db';

import { deleteEndedAuthFailureWindows, recordAuthFailure, selectAuthFailures } from './auth-failure-sql';
import { AuthenticationThrottledError } from './authentication-throttled-error';

/** How many failed authentications are allowed per fixed window before attempts get 429. */
export interface AuthFailureLimits {
  /** Failures one client address may cause per window, whatever credentials it tries. */
  perAddress: number;
  /** Failures on one existing key (by its public prefix) per window, from any address. */
  perKey: number;
  windowSeconds: number;
}

export const defaultAuthFailureLimits: AuthFailureLimits = { perAddress: 30, perKey: 10, windowSeconds: 60 };

/** Who an authentication attempt is counted against. */
export interface AuthAttemptSubjects {
  /** The client address as the app determined it; null when unknown (then only the key counts). */
  clientAddress: string | null;
  /** The prefix of the presented API key, when it is one of ours and exists. */
  keyPrefix?: string | undefined;
}

// Every this many recorded failures, a process deletes ended windows (no timer, no extra process).
const cleanupEvery = 256;

/**
 * Limits failed authentication per client address and per key, in Postgres so that every console
 * process shares the counts (one process alone would multiply the allowance by the fleet size).
 * Successful authentications cost nothing here beyond one read of at most two rows.
 */
export class AuthFailureLimiter {
  private recordedSinceCleanup = 0;

  constructor(
    private readonly database: Database,
    readonly limits: AuthFailureLimits,
  ) {}

  /** Throws AuthenticationThrottledError when any subject has used up its failures for this window. */
  async assertAllowed(subjects: AuthAttemptSubjects): Promise<void> {
    const names = subjectNames(subjects);
    if (names.length === 0) return;
    const counts = await selectAuthFailures(this.database.prisma, names, this.limits.windowSeconds);
    const exceeded = counts.filter((count) => count.failures >= this.limitFor(count.subject));
    if (exceeded.length > 0) throw new AuthenticationThrottledError(Math.max(...exceeded.map((count) => count.retryAfterSeconds)));
  }

  async recordFailure(subjects: AuthAttemptSubjects): Promise<void> {
    const names = subjectNames(subjects);
    if (names.length === 0) return;
    await recordAuthFailure(this.database.prisma, names, this.limits.windowSeconds);
    this.recordedSinceCleanup += 1;
    if (this.recordedSinceCleanup >= cleanupEvery) {
      this.recordedSinceCleanup = 0;
      await deleteEndedAuthFailureWindows(this.database.prisma, this.limits.windowSeconds);
    }
  }

  private limitFor(subject: string): number {
    return subject.startsWith('key:') ? this.limits.perKey : this.limits.perAddress;
  }
}

function subjectNames(subjects: AuthAttemptSubjects): string[] {
  const names: string[] = [];
  if (subjects.clientAddress) names.push(`address:${subjects.clientAddress}`);
  if (subjects.keyPrefix) names.push(`key:${subjects.keyPrefix}`);
  return names;
}
