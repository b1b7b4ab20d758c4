import type { Database, Prisma } from '@agentloom/db';
import type { MemoryScope } from '@agentloom/runtime';

import { holdEraseFenceShared } from '../../erase/erase-fence';
import { episodeSourceUnchanged, type EpisodeSource } from '../episodes/episode-source';
import { memoryScopeOf, storedScopeOf, type StoredScope } from '../memory-scope';
import type { PrismaMemoryPort } from '../prisma-memory-port';
import { holdMemoryKeyLocks, insertMemoryItem } from '../store-memory-item';
import type { ExistingMemory, ProposedDecision } from './extraction-prompt';
import { finishExtractionJob, lockClaimedExtractionJob, type ExtractionClaim } from './extraction-job-sql';

/** Counts per event of one applied extraction. */
export type AppliedDecisions = Record<'add' | 'update' | 'delete' | 'none', number>;

/**
 * What became of a proposal: applied, or nothing written because the run was erased or redacted
 * since it was read (`source-changed`) or because the claim no longer holds (`claim-lost`: the
 * lease ran out and another process took the job over, and may have applied it already).
 */
export type ApplyOutcome = { applied: AppliedDecisions } | { skipped: 'source-changed' | 'claim-lost' };

/**
 * Applies a run's decisions and closes its extraction job in one transaction, so a crash leaves
 * either all of them (job done) or none (job still pending, retried): items written, superseded or
 * retired, and one `memory_decisions` row each — by reference, no content copied, undoable.
 * - ADD writes a keyed fact at the run's end-user level (else the agent's), superseding a live item
 *   of the same key there.
 * - UPDATE writes the new text in the old item's place (same level, the old key or the proposed one)
 *   and marks the old one superseded by it. An old item that is no longer live is left alone (NONE).
 * - DELETE retires the item by expiring it now (kept, no longer searched; undo restores the expiry).
 * Written behind the erase fence (ADR 0040): when the run was erased or redacted since `source` was
 * read, nothing is applied. Fenced by `claim` as well: the job row is locked and nothing is applied
 * unless the job is still pending at the claimed attempt, so a process whose lease ran out while it
 * waited for the model cannot apply the decisions a second time after the process that took over.
 */
export async function applyMemoryDecisions(
  database: Database,
  port: PrismaMemoryPort,
  source: EpisodeSource,
  claim: ExtractionClaim,
  proposal: { decisions: readonly ProposedDecision[]; existing: readonly ExistingMemory[]; model: string },
): Promise<ApplyOutcome> {
  const byLocalId = new Map(proposal.existing.map((memory) => [memory.localId, memory]));
  // Vectors first, outside the transaction: the embedder may be a remote call.
  const texts = proposal.decisions.flatMap((decision) => ('text' in decision ? [decision.text] : []));
  const embeddings = new Map(await Promise.all(texts.map(async (text) => [text, await port.embed(text)] as const)));
  const factScope: MemoryScope = { tenantId: source.tenantId, agentId: source.agentId, ...(source.endUserId ? { userId: source.endUserId } : {}) };
  const occurredAt = source.createdAt;
  const metadata = { extractedBy: proposal.model, runId: source.runId };
  const counts: AppliedDecisions = { add: 0, update: 0, delete: 0, none: 0 };

  return database.prisma.$transaction(async (transaction): Promise<ApplyOutcome> => {
    await holdEraseFenceShared(transaction, source.tenantId);
    if (!(await episodeSourceUnchanged(transaction, source))) return { skipped: 'source-changed' };
    // After the fence and before the key locks (the order in `lockClaimedExtractionJob`); held to the
    // end, so no takeover, give-back or failure of this job can interleave with the writes below.
    if (!(await lockClaimedExtractionJob(transaction, claim))) return { skipped: 'claim-lost' };
    // The keys the decisions write, locked up front in one order (another extraction may write some of them).
    await holdMemoryKeyLocks(transaction, await keysWritten(transaction, source.tenantId, proposal.decisions, byLocalId, storedScopeOf(factScope)));
    const record = (data: Omit<Prisma.MemoryDecisionUncheckedCreateInput, 'tenantId' | 'runId'>) =>
      transaction.memoryDecision.create({ data: { tenantId: source.tenantId, runId: source.runId, ...data } });
    for (const decision of proposal.decisions) {
      const target = 'id' in decision && decision.id !== undefined ? byLocalId.get(decision.id) : undefined;
      if (decision.event === 'ADD') {
        const stored = await insertMemoryItem(
          transaction,
          { scope: factScope, kind: 'fact', key: decision.key, content: decision.text, metadata, sourceRunId: source.runId, occurredAt },
          embeddings.get(decision.text) ?? null,
        );
        await record({ event: 'add', key: decision.key, memoryItemId: stored.id, previousItemId: stored.supersededId, reason: decision.reason });
        counts.add += 1;
        continue;
      }
      const live = target ? await transaction.memoryItem.findFirst({ where: { id: target.itemId, supersededById: null }, select: liveSelect }) : null;
      if (decision.event === 'UPDATE' && live) {
        const key = live.key ?? decision.key;
        const stored = await insertMemoryItem(
          transaction,
          { scope: memoryScopeOf(live), kind: 'fact', content: decision.text, metadata, sourceRunId: source.runId, occurredAt, ...(key ? { key } : {}) },
          embeddings.get(decision.text) ?? null,
        );
        await transaction.memoryItem.updateMany({ where: { id: live.id, supersededById: null }, data: { supersededById: stored.id } });
        await record({ event: 'update', key: key ?? null, memoryItemId: stored.id, previousItemId: live.id, reason: decision.reason });
        counts.update += 1;
      } else if (decision.event === 'DELETE' && live) {
        await transaction.memoryItem.update({ where: { id: live.id }, data: { expiresAt: new Date() } });
        await record({ event: 'delete', key: live.key, previousItemId: live.id, previousExpiresAt: live.expiresAt, reason: decision.reason });
        counts.delete += 1;
      } else {
        const reason = decision.event === 'NONE' ? decision.reason : `${decision.event} skipped: the memory changed since it was offered. ${decision.reason}`;
        await record({ event: 'none', key: live?.key ?? null, previousItemId: live?.id ?? null, reason });
        counts.none += 1;
      }
    }
    await finishExtractionJob(transaction, claim, { model: proposal.model, lastError: null });
    return { applied: counts };
  });
}

const liveSelect = { id: true, tenantId: true, scope: true, scopeId: true, key: true, expiresAt: true } as const;

type KeyWritten = { scope: Pick<StoredScope, 'tenantId' | 'scope' | 'scopeId'>; key: string };

/** The keys an ADD or UPDATE decision writes: an ADD's in the fact scope, an UPDATE's in its target's scope (the target's key first). */
async function keysWritten(
  transaction: Prisma.TransactionClient,
  tenantId: string,
  decisions: readonly ProposedDecision[],
  byLocalId: ReadonlyMap<string, ExistingMemory>,
  factScope: StoredScope,
): Promise<KeyWritten[]> {
  const targetIds = decisions.flatMap((decision) =>
    decision.event === 'UPDATE' && decision.id !== undefined ? [byLocalId.get(decision.id)?.itemId].filter((id) => id !== undefined) : [],
  );
  const rows = await transaction.memoryItem.findMany({
    where: { tenantId, id: { in: targetIds } },
    select: { id: true, tenantId: true, scope: true, scopeId: true, key: true },
  });
  const targets = new Map(rows.map((row) => [row.id, row]));
  return decisions.flatMap((decision): KeyWritten[] => {
    if (decision.event === 'ADD') return decision.key ? [{ scope: factScope, key: decision.key }] : [];
    if (decision.event !== 'UPDATE' || decision.id === undefined) return [];
    const target = targets.get(byLocalId.get(decision.id)?.itemId ?? '');
    const key = target?.key ?? decision.key;
    return target && key ? [{ scope: target, key }] : [];
  });
}
