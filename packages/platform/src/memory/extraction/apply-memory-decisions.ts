import type { Database, Prisma } from '@agentloom/db';
import type { MemoryScope } from '@agentloom/runtime';

import { holdEraseFenceShared } from '../../erase/erase-fence';
import { episodeSourceUnchanged, type EpisodeSource } from '../episodes/episode-source';
import { memoryScopeOf, storedScopeOf, type StoredScope } from '../memory-scope';
import type { PrismaMemoryPort } from '../prisma-memory-port';
import { holdMemoryKeyLocks, insertMemoryItem } from '../store-memory-item';
import { lockLiveDecisionTargets, retireDecisionTarget, type DecisionTarget } from './decision-targets-sql';
import { extractionLevelsOf, whyNotChangeable, type ExtractionLevels } from './extraction-levels';
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

/** A live item an UPDATE was about to replace was not replaced: a bug, so nothing is applied (the attempt fails). */
export class MemoryDecisionNotApplied extends Error {
  readonly kind = 'memory-decision-not-applied';
}

/**
 * Applies a run's decisions and closes its extraction job in one transaction, so a crash leaves
 * either all of them (job done) or none (job still pending, retried): items written, superseded or
 * retired, and one `memory_decisions` row each — by reference, no content copied, undoable.
 * - ADD writes a keyed fact at the run's end-user level (else the agent's), superseding a live item
 *   of the same key there.
 * - UPDATE writes the new text in the old item's place (same level, the old key or the proposed one)
 *   and marks the old one superseded by it. An old item that is no longer live is left alone (NONE).
 *   An old item the run may not change (`extraction-levels.ts`: pinned, or shared at a wider level
 *   than the run's own) is kept, and the new text is written as an ADD at the run's level instead.
 * - DELETE retires the item by expiring it now (kept, no longer searched; undo restores the expiry);
 *   of an item the run may not change, or one no longer live, it is recorded as NONE.
 * The items UPDATE and DELETE name are locked (`lockLiveDecisionTargets`) before they are read, so two
 * extractions deciding about one item at once apply one after the other: the later finds it replaced.
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
  const levels = extractionLevelsOf(source);
  const occurredAt = source.createdAt;
  const metadata = { extractedBy: proposal.model, runId: source.runId };
  const counts: AppliedDecisions = { add: 0, update: 0, delete: 0, none: 0 };
  const targetIdOf = (decision: ProposedDecision) => ('id' in decision && decision.id !== undefined ? byLocalId.get(decision.id)?.itemId : undefined);

  return database.prisma.$transaction(async (transaction): Promise<ApplyOutcome> => {
    await holdEraseFenceShared(transaction, source.tenantId);
    if (!(await episodeSourceUnchanged(transaction, source))) return { skipped: 'source-changed' };
    // After the fence and before the key locks (the order in `lockClaimedExtractionJob`); held to the
    // end, so no takeover, give-back or failure of this job can interleave with the writes below.
    if (!(await lockClaimedExtractionJob(transaction, claim))) return { skipped: 'claim-lost' };
    // The keys the decisions write, locked up front in one order (another extraction may write some of them).
    await holdMemoryKeyLocks(transaction, await keysWritten(transaction, source.tenantId, proposal.decisions, byLocalId, levels));
    // Then the items UPDATE and DELETE name, all at once in one order (a keyless item has no key lock).
    const changed = proposal.decisions.flatMap((decision) => {
      const id = decision.event === 'UPDATE' || decision.event === 'DELETE' ? targetIdOf(decision) : undefined;
      return id ? [id] : [];
    });
    await lockLiveDecisionTargets(transaction, source.tenantId, changed);
    const record = (data: Omit<Prisma.MemoryDecisionUncheckedCreateInput, 'tenantId' | 'runId'>) =>
      transaction.memoryDecision.create({ data: { tenantId: source.tenantId, runId: source.runId, ...data } });
    const add = async (key: string | undefined, text: string, reason: string) => {
      const stored = await insertMemoryItem(
        transaction,
        { scope: levels.factScope, kind: 'fact', content: text, metadata, sourceRunId: source.runId, occurredAt, ...(key ? { key } : {}) },
        embeddings.get(text) ?? null,
      );
      await record({ event: 'add', key: key ?? null, memoryItemId: stored.id, previousItemId: stored.supersededId, reason });
      counts.add += 1;
    };
    for (const decision of proposal.decisions) {
      if (decision.event === 'ADD') {
        await add(decision.key, decision.text, decision.reason);
        continue;
      }
      const targetId = targetIdOf(decision);
      // Read again (the lock above is held, so this does not wait): an earlier decision of this
      // proposal may have replaced or retired the item since.
      const live = targetId ? (await lockLiveDecisionTargets(transaction, source.tenantId, [targetId])).get(targetId) : undefined;
      const whyNot = live ? whyNotChangeable(levels, live) : 'the memory changed since it was offered';
      if (decision.event === 'UPDATE' && live) {
        const write = updateWrite(decision, live, levels);
        if (write.event === 'add') {
          await add(write.key, decision.text, `UPDATE written as a new memory at this run's level (${whyNot}; it is kept). ${decision.reason}`);
          continue;
        }
        const stored = await insertMemoryItem(
          transaction,
          {
            scope: write.scope,
            kind: 'fact',
            content: decision.text,
            metadata,
            sourceRunId: source.runId,
            occurredAt,
            ...(write.key ? { key: write.key } : {}),
          },
          embeddings.get(decision.text) ?? null,
        );
        // A keyed item was superseded by the insert already (same key, same level); a keyless one is here.
        const { count } = await transaction.memoryItem.updateMany({ where: { id: live.id, supersededById: null }, data: { supersededById: stored.id } });
        if (count !== 1 && stored.supersededId !== live.id) {
          throw new MemoryDecisionNotApplied(`Memory ${live.id} was locked as live but its UPDATE superseded nothing`);
        }
        await record({ event: 'update', key: write.key ?? null, memoryItemId: stored.id, previousItemId: live.id, reason: decision.reason });
        counts.update += 1;
      } else if (decision.event === 'DELETE' && live && whyNot === null) {
        await retireDecisionTarget(transaction, source.tenantId, live.id);
        await record({ event: 'delete', key: live.key, previousItemId: live.id, previousExpiresAt: live.expiresAt, reason: decision.reason });
        counts.delete += 1;
      } else {
        const reason = decision.event === 'NONE' ? decision.reason : `${decision.event} skipped: ${whyNot}. ${decision.reason}`;
        await record({ event: 'none', key: live?.key ?? null, previousItemId: live?.id ?? null, reason });
        counts.none += 1;
      }
    }
    await finishExtractionJob(transaction, claim, { model: proposal.model, lastError: null });
    return { applied: counts };
  });
}

type UpdateDecision = Extract<ProposedDecision, { event: 'UPDATE' }>;

/**
 * What an UPDATE of `target` writes: the new text in its place (its level, its key or the proposed
 * one) when the run may change it; otherwise a new item at the run's own level, the target kept —
 * under a key that would not replace the target itself (a pinned item at the run's level).
 */
function updateWrite(
  decision: UpdateDecision,
  target: Pick<DecisionTarget, 'tenantId' | 'scope' | 'scopeId' | 'key' | 'pinned'>,
  levels: ExtractionLevels,
): { event: 'update' | 'add'; scope: MemoryScope; key: string | undefined } {
  if (whyNotChangeable(levels, target) === null) return { event: 'update', scope: memoryScopeOf(target), key: target.key ?? decision.key };
  const fact = storedScopeOf(levels.factScope);
  const atFactLevel = target.scope === fact.scope && target.scopeId === fact.scopeId;
  const key = [target.key ?? undefined, decision.key].find((candidate) => candidate !== undefined && !(atFactLevel && candidate === target.key));
  return { event: 'add', scope: levels.factScope, key };
}

type KeyWritten = { scope: Pick<StoredScope, 'tenantId' | 'scope' | 'scopeId'>; key: string };

/**
 * The keys an ADD or UPDATE decision writes: an ADD's in the fact scope, an UPDATE's where
 * `updateWrite` puts it. Whether a target is pinned can change until its row is locked (after these
 * key locks), so an UPDATE locks the key of either outcome; level and key of an item never change.
 */
async function keysWritten(
  transaction: Prisma.TransactionClient,
  tenantId: string,
  decisions: readonly ProposedDecision[],
  byLocalId: ReadonlyMap<string, ExistingMemory>,
  levels: ExtractionLevels,
): Promise<KeyWritten[]> {
  const factScope = storedScopeOf(levels.factScope);
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
    if (!target) return [];
    return [false, true].flatMap((pinned) => {
      const write = updateWrite(decision, { ...target, pinned }, levels);
      return write.key ? [{ scope: storedScopeOf(write.scope), key: write.key }] : [];
    });
  });
}
