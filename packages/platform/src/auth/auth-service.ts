import type { Database } from '@agentloom/db';

import type { Logger } from '../logging/logger';
import { parseOperatorKey } from '../operator/operator-key-secret';
import { verifyOperatorKey } from '../operator/operator-keys';
import type { OperatorPrincipal } from '../operator/operator-principal';
import { findOperatorSessionPrincipal, isOperatorSessionTokenFormat, newOperatorSessionToken } from '../operator/operator-session-store';
import { credentialDigest, parseApiKey } from './api-key-secret';
import { assertCredentialCurrent } from './assert-credential-current';
import { AuthFailureLimiter, defaultAuthFailureLimits, type AuthFailureLimits } from './auth-failure-limiter';
import { notifyCredentialsChanged } from './credential-invalidation';
import { CredentialWatch } from './credential-watch';
import type { Principal } from './roles';
import { findSessionPrincipal, isSessionTokenFormat, newSessionToken } from './session-store';
import { verifyApiKey } from './verify-api-key';

export interface AuthConfig {
  failureLimits: AuthFailureLimits;
  /** How long a console session lives after sign-in. */
  sessionLifetimeMs: number;
}

export const defaultAuthConfig: AuthConfig = {
  failureLimits: defaultAuthFailureLimits,
  sessionLifetimeMs: 7 * 24 * 60 * 60 * 1_000,
};

/** What the app knows about an attempt besides the credential. */
export interface AuthenticationContext {
  /** The client address; failures are limited per address (null: unknown, only per key). */
  clientAddress?: string | null;
}

/** A session just created by signing in: `token` goes into the cookie and is stored only hashed. */
export interface SignedIn {
  principal: Principal;
  token: string;
  expiresAt: Date;
}

/** An operator's console session just opened: `token` goes into the operator cookie (ADR 0041). */
export interface OperatorSignedIn {
  operator: OperatorPrincipal;
  token: string;
  expiresAt: Date;
}

/**
 * Turns presented credentials (an API key, a console session token) into a principal. Unknown,
 * malformed, expired and revoked credentials all yield null, until too many failures from one
 * address or on one key: further failures throw AuthenticationThrottledError (429).
 *
 * Every request is checked against the database (one indexed read and a SHA-256): a per-process
 * cache invalidated by notifications still answers from stale state until the notification
 * arrives, which under load came after the next request (see docs/adr on revocation). Event
 * streams, which outlive the request that authenticated them, are ended by `endWhenRevoked`.
 */
export class AuthService {
  private readonly limiter: AuthFailureLimiter;
  private readonly watch: CredentialWatch;

  constructor(
    private readonly database: Database,
    logger: Logger,
    private readonly config: AuthConfig = defaultAuthConfig,
  ) {
    this.limiter = new AuthFailureLimiter(database, config.failureLimits);
    this.watch = new CredentialWatch(database, logger);
  }

  /** LISTENs for credential changes (revokes, sign-outs, tenant erases) of every process. */
  async start(): Promise<void> {
    await this.watch.start();
  }

  async stop(): Promise<void> {
    await this.watch.stop();
  }

  async authenticate(plaintext: string, context: AuthenticationContext = {}): Promise<Principal | null> {
    const parsed = parseApiKey(plaintext);
    const verification = parsed ? await verifyApiKey(this.database, parsed.prefix, parsed.secret) : { principal: null, keyExists: false };
    if (verification.principal === null) {
      // Prefixes that exist only: counting made-up ones would fill the table for nothing.
      await this.limiter.recordFailure({ clientAddress: context.clientAddress ?? null, keyPrefix: verification.keyExists ? parsed?.prefix : undefined });
      return null;
    }
    return verification.principal;
  }

  /**
   * An instance operator key (`alop_…`); null when unknown, malformed or revoked. Failures count
   * against the client address and the key's prefix exactly like API key failures.
   */
  async authenticateOperator(plaintext: string, context: AuthenticationContext = {}): Promise<OperatorPrincipal | null> {
    const parsed = parseOperatorKey(plaintext);
    const verification = parsed ? await verifyOperatorKey(this.database.prisma, parsed.prefix, parsed.secret) : { operator: null, keyExists: false };
    if (verification.operator === null) {
      await this.limiter.recordFailure({
        clientAddress: context.clientAddress ?? null,
        keyPrefix: verification.keyExists ? `operator:${parsed?.prefix}` : undefined,
      });
      return null;
    }
    return verification.operator;
  }

  /** A console session token (from the cookie); null when it is not a live session of a valid key. */
  async authenticateSession(token: string, context: AuthenticationContext = {}): Promise<Principal | null> {
    // A cookie of another format (e.g. an old one holding a key) is no attempt at anything: no query, no count.
    if (!isSessionTokenFormat(token)) return null;
    const principal = await findSessionPrincipal(this.database.prisma, token);
    if (principal === null) await this.limiter.recordFailure({ clientAddress: context.clientAddress ?? null });
    return principal;
  }

  /**
   * Aborts `abort` as soon as the principal's key is revoked or its session ends, on whichever
   * process that happens: for event streams, which outlive the request that authenticated them.
   */
  endWhenRevoked(principal: Principal, abort: AbortController): void {
    this.watch.endWhenRevoked(principal, abort);
  }

  /** Verifies the key (failures limited like any other) and opens a session for it. */
  async signIn(plaintext: string, context: AuthenticationContext = {}): Promise<SignedIn | null> {
    const principal = await this.authenticate(plaintext, context);
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
    return { principal: { ...principal, sessionId: session.id, sessionExpiresAt: expiresAt.toISOString() }, token, expiresAt };
  }

  /**
   * Verifies an operator key (failures limited like any other) and opens an operator session: the
   * console's tenants page. It is a session of its own kind, never a tenant session (ADR 0041).
   */
  async signInOperator(plaintext: string, context: AuthenticationContext = {}): Promise<OperatorSignedIn | null> {
    const operator = await this.authenticateOperator(plaintext, context);
    if (operator === null) return null;
    const token = newOperatorSessionToken();
    const expiresAt = new Date(Date.now() + this.config.sessionLifetimeMs);
    await this.database.prisma.$transaction(async (transaction) => {
      await transaction.operatorSession.deleteMany({ where: { expiresAt: { lte: new Date() } } });
      await transaction.operatorSession.create({ data: { tokenHash: credentialDigest(token), operatorKeyId: operator.operatorKeyId, expiresAt } });
    });
    return { operator, token, expiresAt };
  }

  /** An operator session token (from the operator cookie); null when it is not live or its key was revoked. */
  async authenticateOperatorSession(token: string, context: AuthenticationContext = {}): Promise<OperatorPrincipal | null> {
    if (!isOperatorSessionTokenFormat(token)) return null;
    const operator = await findOperatorSessionPrincipal(this.database.prisma, token);
    if (operator === null) await this.limiter.recordFailure({ clientAddress: context.clientAddress ?? null });
    return operator;
  }

  /** Ends an operator session: the row goes (each request reads it, so every process sees that at once). */
  async signOutOperator(token: string): Promise<void> {
    if (!isOperatorSessionTokenFormat(token)) return;
    await this.database.prisma.operatorSession.deleteMany({ where: { tokenHash: credentialDigest(token) } });
  }

  /** Ends a session everywhere: the row goes, and every process forgets its cached verification. */
  async signOut(token: string): Promise<void> {
    if (!isSessionTokenFormat(token)) return;
    await this.database.prisma.$transaction(async (transaction) => {
      const deleted = await transaction.session.deleteMany({ where: { tokenHash: credentialDigest(token) } });
      if (deleted.count > 0) await notifyCredentialsChanged(transaction, 'session');
    });
  }
}
