import { rawSqlFor, type Prisma } from '@agentloom/db';

/**
 * The erase fence (ADR 0040): a transaction-scoped advisory lock per tenant that serializes an
 * erase against the writers that copy a run's content into memory after the run ended (the
 * episode sweep, conversation turns, fact extraction). Those writers read their source, spend
 * seconds on a model call, then write; an erase that commits in between would otherwise miss the
 * copy (it is not written yet) and the copy would land after it with the erased text.
 *
 * An erase holds the lock exclusively for its whole transaction. A writer takes it shared in the
 * transaction that writes, then re-reads its source there and writes only if nothing changed
 * (`episodeSourceUnchanged`). Either the writer commits first, so the erase (which waits for it)
 * sees the copy and removes it, or the erase commits first and the writer sees the redacted or
 * missing source and writes nothing. Writers of different runs share the lock, so they never wait
 * for each other.
 */
const eraseFenceClass = 0x4552_4153; // "ERAS": keeps the key space apart from other advisory locks.

export async function holdEraseFenceExclusive(transaction: Prisma.TransactionClient, tenantId: string): Promise<void> {
  await rawSqlFor(transaction).execute('SELECT pg_advisory_xact_lock($1::int, hashtext($2::text))', eraseFenceClass, tenantId);
}

export async function holdEraseFenceShared(transaction: Prisma.TransactionClient, tenantId: string): Promise<void> {
  await rawSqlFor(transaction).execute('SELECT pg_advisory_xact_lock_shared($1::int, hashtext($2::text))', eraseFenceClass, tenantId);
}
