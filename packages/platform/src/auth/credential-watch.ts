import type { Database } from '@agentloom/db';

import type { Logger } from '../logging/logger';
import { credentialsChangedChannel } from './credential-invalidation';
import type { Principal } from './roles';

interface Watched {
  principal: Principal;
  abort: AbortController;
}

/** Longest a timer waits before the expiry check looks again (Node's timers overflow past ~24.8 days). */
const longestExpiryWaitMs = 60 * 60 * 1_000;
/** When the database still calls a session live that this process's clock says has ended (skew), look again this soon. */
const skewedExpiryRetryMs = 1_000;
/** A failed re-read is tried again after this, doubling per failure up to `longestFailedRecheckWaitMs`. */
const firstFailedRecheckWaitMs = 500;
const longestFailedRecheckWaitMs = 30_000;

/**
 * Ends long-lived work (event streams) of credentials that stop being valid while it runs.
 * Requests are authenticated against the database one by one, but a stream authenticated once
 * would outlive a revoke; every revoke, sign-out, tenant suspension and tenant erase notifies all processes in its
 * transaction, and on each notification this re-reads the watched keys and sessions in one query
 * and aborts those that are gone. After the listener reconnects (notifications may have been
 * missed while it was down) it re-reads as well. A session that simply expires notifies nobody, so
 * the same re-read also runs when the earliest watched session's end comes. A re-read that fails
 * (the database restarting, a dropped connection) is tried again with a growing delay until one
 * succeeds: the notification that asked for it will not come again, and until then a revoked
 * credential's stream would go on.
 */
export class CredentialWatch {
  private readonly watched = new Set<Watched>();
  private release: (() => Promise<void>) | undefined;
  private checking: Promise<void> | undefined;
  private checkAgain = false;
  private expiryTimer: NodeJS.Timeout | undefined;
  private expiryTimerAt = Number.POSITIVE_INFINITY;
  private failedRechecks = 0;
  private retryTimer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly database: Database,
    private readonly logger: Logger,
  ) {}

  async start(): Promise<void> {
    this.release = await this.database.notifications.listen(credentialsChangedChannel, {
      onNotification: () => this.recheck(),
      onReconnected: () => this.recheck(),
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.clearExpiryTimer();
    if (this.retryTimer) clearTimeout(this.retryTimer);
    await this.release?.();
    await this.checking;
  }

  /** Aborts `abort` as soon as the principal's key is revoked or deleted, or its session ends. */
  endWhenRevoked(principal: Principal, abort: AbortController): void {
    if (abort.signal.aborted) return;
    const entry = { principal, abort };
    this.watched.add(entry);
    abort.signal.addEventListener('abort', () => this.watched.delete(entry), { once: true });
    const expiresAt = sessionEndOf(principal);
    if (expiresAt !== undefined) this.checkAtExpiry(expiresAt);
  }

  /** Number of watched streams (tests, metrics). */
  get size(): number {
    return this.watched.size;
  }

  /** Re-checks when the session ending first among the watched ones ends (or the one given, if earlier). */
  private checkAtExpiry(expiresAt: number): void {
    if (expiresAt >= this.expiryTimerAt) return;
    this.clearExpiryTimer();
    this.expiryTimerAt = expiresAt;
    const wait = expiresAt - Date.now();
    const delay = wait <= 0 ? skewedExpiryRetryMs : Math.min(wait, longestExpiryWaitMs);
    this.expiryTimer = setTimeout(() => {
      this.expiryTimer = undefined;
      this.expiryTimerAt = Number.POSITIVE_INFINITY;
      this.recheck();
    }, delay);
    // A watch never keeps a process alive on its own.
    this.expiryTimer.unref();
  }

  private clearExpiryTimer(): void {
    if (this.expiryTimer) clearTimeout(this.expiryTimer);
    this.expiryTimer = undefined;
    this.expiryTimerAt = Number.POSITIVE_INFINITY;
  }

  /** After a re-read, the next expiry check is for the earliest session still watched. */
  private scheduleNextExpiry(): void {
    const ends = [...this.watched].flatMap((entry) => sessionEndOf(entry.principal) ?? []);
    if (ends.length > 0) this.checkAtExpiry(Math.min(...ends));
  }

  private recheck(): void {
    if (this.stopped) return;
    if (this.checking) {
      this.checkAgain = true;
      return;
    }
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    let failed = false;
    this.checking = this.checkWatched()
      .then(() => {
        this.failedRechecks = 0;
      })
      .catch((error: unknown) => {
        failed = true;
        this.failedRechecks += 1;
        this.logger.warn('Re-checking watched credentials failed; trying again', {
          error: error instanceof Error ? error.message : String(error),
          failures: this.failedRechecks,
        });
      })
      .finally(() => {
        this.checking = undefined;
        if (this.checkAgain) {
          this.checkAgain = false;
          this.recheck();
        } else if (failed) {
          this.retryAfterFailure();
        } else {
          this.scheduleNextExpiry();
        }
      });
  }

  private retryAfterFailure(): void {
    if (this.stopped) return;
    const delay = Math.min(firstFailedRecheckWaitMs * 2 ** (this.failedRechecks - 1), longestFailedRecheckWaitMs);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      this.recheck();
    }, delay);
    this.retryTimer.unref();
  }

  private async checkWatched(): Promise<void> {
    if (this.watched.size === 0) return;
    const entries = [...this.watched];
    const keyIds = [...new Set(entries.map((entry) => entry.principal.apiKeyId))];
    const sessionIds = [...new Set(entries.flatMap((entry) => (entry.principal.sessionId === undefined ? [] : [entry.principal.sessionId])))];
    const live = await this.database.prisma.$queryRawUnsafe<{ id: string }[]>(
      `SELECT key.id::text FROM api_keys AS key JOIN tenants AS tenant ON tenant.id = key.tenant_id
        WHERE key.id = ANY($1::uuid[]) AND key.revoked_at IS NULL AND tenant.suspended_at IS NULL
       UNION ALL
       SELECT id::text FROM sessions WHERE id = ANY($2::uuid[]) AND expires_at > now()`,
      keyIds,
      sessionIds,
    );
    const liveIds = new Set(live.map((row) => row.id));
    for (const entry of entries) {
      const { apiKeyId, sessionId } = entry.principal;
      if (!liveIds.has(apiKeyId) || (sessionId !== undefined && !liveIds.has(sessionId))) entry.abort.abort(new Error('Credentials revoked'));
    }
  }
}

function sessionEndOf(principal: Principal): number | undefined {
  if (principal.sessionId === undefined || principal.sessionExpiresAt === undefined) return undefined;
  const end = Date.parse(principal.sessionExpiresAt);
  return Number.isNaN(end) ? undefined : end;
}
