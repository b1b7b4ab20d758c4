import type { Database } from '@agentloom/db';

import { deleteEndedAuthFailureWindows, recordAuthFailure } from './auth-failure-sql';
import { AuthenticationThrottledError } from './authentication-throttled-error';

/** How many failed authentications are answered 401 per fixed window; after that, 429. */
export interface AuthFailureLimits {
  /** Failures one client address may cause per window, whatever credentials it tries. */
  perAddress: number;
  /** Failures on one existing key (by its public prefix) per window, from any address. */
  perKey: number;
  windowSeconds: number;
}

export const defaultAuthFailureLimits: AuthFailureLimits = { perAddress: 30, perKey: 10, windowSeconds: 60 };

/** Who a failed authentication is counted against. */
export interface AuthAttemptSubjects {
  /** The client address as the app determined it; null when unknown (then only the key counts). */
  clientAddress: string | null;
  /** The prefix of the presented API key, when it is one of ours and exists. */
  keyPrefix?: string | undefined;
}

// Every this many recorded failures, a process deletes ended windows (no timer, no extra process).
const cleanupEvery = 256;

/**
 * Limits failed authentication per client address and per key, counted in Postgres (one upsert per
 * failure) so that every console process shares the counts — per process, the allowance would grow
 * with the fleet. Only failures are counted and refused: a correct credential is honoured from a
 * throttled address or for a flooded key, so nobody can lock a user out by failing on purpose (see
 * docs/adr on authentication limits).
 */
export class AuthFailureLimiter {
  private recordedSinceCleanup = 0;

  constructor(
    private readonly database: Database,
    readonly limits: AuthFailureLimits,
  ) {}

  /**
   * Counts a failed attempt; throws AuthenticationThrottledError (429, Retry-After = end of the
   * window) once any subject is over its limit, else returns and the caller answers 401.
   */
  async recordFailure(subjects: AuthAttemptSubjects): Promise<void> {
    const names: string[] = [];
    if (subjects.clientAddress) names.push(`address:${subjects.clientAddress}`);
    if (subjects.keyPrefix) names.push(`key:${subjects.keyPrefix}`);
    if (names.length === 0) return;
    const counts = await recordAuthFailure(this.database.prisma, names, this.limits.windowSeconds);
    await this.cleanUpNowAndThen();
    const exceeded = counts.filter((count) => count.failures > this.limitFor(count.subject));
    if (exceeded.length > 0) throw new AuthenticationThrottledError(Math.max(...exceeded.map((count) => count.retryAfterSeconds)));
  }

  private limitFor(subject: string): number {
    return subject.startsWith('key:') ? this.limits.perKey : this.limits.perAddress;
  }

  private async cleanUpNowAndThen(): Promise<void> {
    this.recordedSinceCleanup += 1;
    if (this.recordedSinceCleanup < cleanupEvery) return;
    this.recordedSinceCleanup = 0;
    await deleteEndedAuthFailureWindows(this.database.prisma, this.limits.windowSeconds);
  }
}
