import type { Prisma } from '@agentloom/db';

import type { CaseFixture } from '../case-fixture';
import type { Scorer } from '../evaluation.schema';
import { verdict, type CaseScore } from './output-scorers';

/** A memory item a replay read: the case's recorded injections (recorded memory mode) or the run's own reads (live). */
export interface MemoryRead {
  id: string;
  kind: string;
  key?: string;
  content: string;
}

/** What a replay read in recorded memory mode: every search is served from the case's recorded injections. */
export function recordedMemoryRead(fixture: CaseFixture): MemoryRead[] {
  return fixture.memoryInjections.map((item) => ({ id: item.id, kind: item.kind, content: item.content, ...(item.key ? { key: item.key } : {}) }));
}

/**
 * "Recalled a superseded fact": fails when a memory item the replay read (the case's recorded reads,
 * or in live memory mode what the run itself read) has been superseded in the tenant's store, or was marked
 * superseded when a hand-written case named no stored item. The explanation names each item and its
 * successor, so the fix (re-record the case, or fix the writer that kept the old fact) is visible.
 */
export async function scoreMemorySuperseded(transaction: Prisma.TransactionClient, tenantId: string, memoryRead: readonly MemoryRead[]): Promise<CaseScore> {
  const ids = memoryRead.map((item) => item.id);
  if (ids.length === 0) return verdict('memory-superseded', true, 'the replay read no memory');
  const superseded = await transaction.memoryItem.findMany({
    where: { tenantId, id: { in: ids }, supersededById: { not: null } },
    select: { id: true, key: true, content: true, supersededById: true },
  });
  if (superseded.length === 0) return verdict('memory-superseded', true, `none of the ${ids.length} memory item(s) read is superseded`);
  const named = superseded.map((item) => `${item.key ?? item.id} (${JSON.stringify(excerpt(item.content))}, superseded by ${item.supersededById})`);
  return { scorer: 'memory-superseded', passed: false, value: 1 - superseded.length / ids.length, explanation: `recalled superseded memory: ${named.join('; ')}` };
}

/** "Missed an expected memory": fails when an expected key or id was not among the memory read. */
export function scoreMemoryExpected(scorer: Extract<Scorer, { type: 'memory-expected' }>, memoryRead: readonly MemoryRead[]): CaseScore {
  const keys = new Set(memoryRead.flatMap((item) => (item.key ? [item.key] : [])));
  const ids = new Set(memoryRead.map((item) => item.id));
  const missing = [...scorer.keys.filter((key) => !keys.has(key)).map((key) => `key ${key}`), ...scorer.ids.filter((id) => !ids.has(id)).map((id) => `id ${id}`)];
  const expected = scorer.keys.length + scorer.ids.length;
  if (missing.length === 0) return verdict('memory-expected', true, `all ${expected} expected memory item(s) were read`);
  return { scorer: 'memory-expected', passed: false, value: (expected - missing.length) / expected, explanation: `missed expected memory: ${missing.join(', ')}` };
}

function excerpt(text: string): string {
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}
