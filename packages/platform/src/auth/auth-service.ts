import type { Database } from '@agentloom/db';

import type { Logger } from '../logging/logger';
import { credentialDigest, parseApiKey } from './api-key-secret';
import { assertCredentialCurrent } from './assert-credential-current';
import { AuthFailureLimiter, defaultAuthFailureLimits, type AuthFailureLimits } from './auth-failure-limiter';
import { credentialsChangedChannel, notifyCredentialsChanged } from './credential-invalidation';
import type { Principal } from './roles';
import { findSessionPrincipal, isSessionTokenFormat, newSessionToken } from './session-store';
import { VerifiedCredentialCache } from './verified-credential-cache';
import { verifyApiKey } from './verify-api-key';

export interface AuthConfig {
  /** How long a verification may be reused without asking the database, as a fallback to invalidation notifications. */
  cacheTtlMs: number;
  failureLimits: AuthFailureLimits;
  /** How long a console session lives after sign-in. */
  sessionLifetimeMs: number;
}

export const defaultAuthConfig: AuthConfig = {
  cacheTtlMs: 5_000,
  failureLimits: defaultAuthFailureLimits,
  sessionLifetimeMs: 7 * 24 * 60 * 60 * 1_000,
};

/** What the app knows about an attempt besides the credential. */
export interface AuthenticationContext {
  /** The client address; failures are limited per address (null: unknown, only per key). */
  clientAddress?: string | null;
  /** Ask the database even if this process verified the credential recently (state-changing requests). */
  fresh?: boolean;
}

/** A session just created by signing in: `token` goes into the cookie and is stored only hashed. */
export interface SignedIn {
  principal: Principal;
  token: string;
  expiresAt: Date;
}

/**
 * Turns presented credentials (an API key, a console session token) into a principal. Unknown,
 * malformed, expired and revoked credentials all yield null, until too many failures from one
 * address or on one key: further failures throw AuthenticationThrottledError (429). Verifications are cached per process and the
 * cache is cleared fleet-wide by a notification sent in the transaction of every revoke, sign-out
 * and tenant erase; state-changing requests pass `fresh` and are re-checked against the database.
 */
export class AuthService {
  private readonly cache: VerifiedCredentialCache;
  private readonly limiter: AuthFailureLimiter;
  private release: (() => Promise<void>) | undefined;

  constructor(
    private readonly database: Database,
    private readonly logger: Logger,
    private readonly config: AuthConfig = defaultAuthConfig,
  ) {
    this.cache = new VerifiedCredentialCache(config.cacheTtlMs);
    this.limiter = new AuthFailureLimiter(database, config.failureLimits);
  }

  /** LISTENs for credential changes; until then (and while the listener is down) nothing is cached. */
  async start(): Promise<void> {
    this.release = await this.database.notifications.listen(credentialsChangedChannel, {
      onNotification: () => this.cache.clear(),
      // Notifications sent while the connection was down are lost: everything cached may be stale.
      onReconnected: () => {
        this.logger.info('Credential invalidation listener reconnected; verified credentials forgotten');
        this.cache.listeningStarted();
      },
      onDisconnected: () => this.cache.listeningStopped(),
    });
    this.cache.listeningStarted();
  }

  async stop(): Promise<void> {
    this.cache.listeningStopped();
    await this.release?.();
  }

  async authenticate(plaintext: string, context: AuthenticationContext = {}): Promise<Principal | null> {
    const digest = credentialDigest(`key:${plaintext}`);
    if (!context.fresh) {
      const cached = this.cache.get(digest);
      if (cached) return cached;
    }
    const parsed = parseApiKey(plaintext);
    const generation = this.cache.currentGeneration();
    // Verification is one indexed read and a SHA-256, as cheap as any check of a limit before it.
    const verification = parsed ? await verifyApiKey(this.database.prisma, parsed.prefix, parsed.secret) : { principal: null, keyExists: false };
    if (verification.principal === null) {
      // Prefixes that exist only: counting made-up ones would fill the table for nothing.
      await this.limiter.recordFailure({ clientAddress: context.clientAddress ?? null, keyPrefix: verification.keyExists ? parsed?.prefix : undefined });
      return null;
    }
    this.cache.set(digest, verification.principal, generation);
    return verification.principal;
  }

  /** A console session token (from the cookie); null when it is not a live session of a valid key. */
  async authenticateSession(token: string, context: AuthenticationContext = {}): Promise<Principal | null> {
    // A cookie of another format (e.g. an old one holding a key) is no attempt at anything: no query, no count.
    if (!isSessionTokenFormat(token)) return null;
    const digest = credentialDigest(`session:${token}`);
    if (!context.fresh) {
      const cached = this.cache.get(digest);
      if (cached) return cached;
    }
    const generation = this.cache.currentGeneration();
    const principal = await findSessionPrincipal(this.database.prisma, token);
    if (principal === null) {
      await this.limiter.recordFailure({ clientAddress: context.clientAddress ?? null });
      return null;
    }
    this.cache.set(digest, principal, generation);
    return principal;
  }

  /** Verifies the key (never from the cache, failures limited like any other) and opens a session for it. */
  async signIn(plaintext: string, context: AuthenticationContext = {}): Promise<SignedIn | null> {
    const principal = await this.authenticate(plaintext, { ...context, fresh: true });
    if (principal === null) return null;
    const token = newSessionToken();
    const expiresAt = new Date(Date.now() + this.config.sessionLifetimeMs);
    const session = await this.database.prisma.$transaction(async (transaction) => {
      await assertCredentialCurrent(transaction, principal);
      // Sign-ins are rare, so they are a fine moment to drop sessions that ended on their own.
      await transaction.session.deleteMany({ where: { expiresAt: { lte: new Date() } } });
      return transaction.session.create({
        data: { tokenHash: credentialDigest(token), tenantId: principal.tenantId, apiKeyId: principal.apiKeyId, expiresAt },
        select: { id: true },
      });
    });
    return { principal: { ...principal, sessionId: session.id }, token, expiresAt };
  }

  /** Ends a session everywhere: the row goes, and every process forgets its cached verification. */
  async signOut(token: string): Promise<void> {
    if (!isSessionTokenFormat(token)) return;
    await this.database.prisma.$transaction(async (transaction) => {
      const deleted = await transaction.session.deleteMany({ where: { tokenHash: credentialDigest(token) } });
      if (deleted.count > 0) await notifyCredentialsChanged(transaction, 'session');
    });
    this.cache.clear();
  }

  /** Forgets cached verifications in this process at once (the notification reaches it a moment later). */
  forgetVerifiedKeys(): void {
    this.cache.clear();
  }
}
