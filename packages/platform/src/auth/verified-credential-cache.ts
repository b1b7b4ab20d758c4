import type { Principal } from './roles';

interface Entry {
  principal: Principal;
  expiresAt: number;
}

/**
 * Principals of credentials this process verified recently, keyed by the credential's digest.
 * Trusted only while the invalidation listener is connected: every change to keys or sessions
 * anywhere (revoke, sign-out, tenant erase) notifies all processes, which clear the whole cache —
 * such changes are rare, so precision is not worth the bookkeeping. The TTL bounds staleness when a
 * notification is lost without the connection noticing (a half-open socket).
 */
export class VerifiedCredentialCache {
  private readonly entries = new Map<string, Entry>();
  private listening = false;
  /** Bumped by every invalidation, so a lookup that raced with one does not store its stale answer. */
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
    private readonly maximumEntries = 10_000,
  ) {}

  get(digest: string): Principal | undefined {
    const entry = this.entries.get(digest);
    if (entry === undefined) return undefined;
    if (entry.expiresAt > this.now()) return entry.principal;
    this.entries.delete(digest);
    return undefined;
  }

  /** Take before reading the database; pass to `set` with what was read. */
  currentGeneration(): number {
    return this.generation;
  }

  /**
   * Remembers a verification read at `generation`, unless an invalidation arrived since (the read
   * may predate it) or nothing would tell this process that it became stale (not listening).
   */
  set(digest: string, principal: Principal, generation: number): void {
    if (!this.listening || this.ttlMs <= 0 || generation !== this.generation) return;
    if (this.entries.size >= this.maximumEntries) this.entries.clear();
    this.entries.set(digest, { principal, expiresAt: this.now() + this.ttlMs });
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }

  /** Invalidations arrive again (listener started or reconnected); anything older may be stale. */
  listeningStarted(): void {
    this.clear();
    this.listening = true;
  }

  /** Invalidations may be missed from now on: forget everything and cache nothing until reconnected. */
  listeningStopped(): void {
    this.listening = false;
    this.clear();
  }
}
