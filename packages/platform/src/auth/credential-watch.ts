import type { Database } from '@agentloom/db';

import type { Logger } from '../logging/logger';
import { credentialsChangedChannel } from './credential-invalidation';
import type { Principal } from './roles';

interface Watched {
  principal: Principal;
  abort: AbortController;
}

/**
 * Ends long-lived work (event streams) of credentials that stop being valid while it runs.
 * Requests are authenticated against the database one by one, but a stream authenticated once
 * would outlive a revoke; every revoke, sign-out, tenant suspension and tenant erase notifies all processes in its
 * transaction, and on each notification this re-reads the watched keys and sessions in one query
 * and aborts those that are gone. After the listener reconnects (notifications may have been
 * missed while it was down) it re-reads as well.
 */
export class CredentialWatch {
  private readonly watched = new Set<Watched>();
  private release: (() => Promise<void>) | undefined;
  private checking: Promise<void> | undefined;
  private checkAgain = false;

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
    await this.release?.();
    await this.checking;
  }

  /** Aborts `abort` as soon as the principal's key is revoked or deleted, or its session ends. */
  endWhenRevoked(principal: Principal, abort: AbortController): void {
    if (abort.signal.aborted) return;
    const entry = { principal, abort };
    this.watched.add(entry);
    abort.signal.addEventListener('abort', () => this.watched.delete(entry), { once: true });
  }

  /** Number of watched streams (tests, metrics). */
  get size(): number {
    return this.watched.size;
  }

  private recheck(): void {
    if (this.checking) {
      this.checkAgain = true;
      return;
    }
    this.checking = this.checkWatched()
      .catch((error: unknown) => this.logger.warn('Re-checking watched credentials failed', { error: error instanceof Error ? error.message : String(error) }))
      .finally(() => {
        this.checking = undefined;
        if (this.checkAgain) {
          this.checkAgain = false;
          this.recheck();
        }
      });
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
