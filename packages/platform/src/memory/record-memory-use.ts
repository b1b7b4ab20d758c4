import { Prisma, rawSqlFor } from '@agentloom/db';
import type { StepResult } from '@agentloom/runtime';

import { erasedContent } from '../erase/redact-copies';
import type { NewRunEvent } from '../events/run-event';

interface MemoryUse {
  memoryItemId: string;
  score: number;
  /** The score's parts, where the search reported them. */
  parts: Prisma.InputJsonObject | null;
  source: 'auto_injection' | 'tool_result';
  /** Transcript index of the message that carried it into the prompt. */
  messageIndex: number | null;
}

/** The routing stage's memory block starts with this line (runtime engine/steps/route-task.ts). */
const memoryBlockPrefix = 'Relevant memories:';

/** What recording a step's memory use did: the events to append, and whether the step read memory erased meanwhile. */
export interface RecordedMemoryUse {
  events: NewRunEvent[];
  /**
   * The step read items that were erased or forgotten before it committed: its copies are redacted
   * here, but its executor still holds the text, so the caller restarts the run (`restartRunningReaders`).
   */
  readErasedMemory: boolean;
}

/**
 * Records, in the step's transaction, every memory that reached the model in this step — injected
 * by the routing stage or returned by memory_search — as MemoryInjection rows (item, score, run,
 * step), marks the carrying message (memoryItemIds, kind `memory_block`), touches lastUsedAt, and
 * marks seeded thread history (kind `thread_history`). Returns `memory-injected` events for tool
 * results (the engine already emits them for injections). Replaying a step converges.
 *
 * The caller holds the erase fence shared (`holdEraseFenceShared`) before it fences the run: an erase or
 * forget that starts while this commit is open then waits for it, finds this run among the readers and
 * restarts it. Without the fence the erase read its readers before these rows were committed and never
 * restarted this run (its executor went on with the erased text in its prompt).
 */
export async function recordMemoryUse(
  transaction: Prisma.TransactionClient,
  run: { id: string; tenantId: string },
  result: StepResult,
  stepId: string,
): Promise<RecordedMemoryUse> {
  await markThreadHistory(transaction, run.id, result);
  const uses = memoryUsesOf(result);
  await transaction.memoryInjection.deleteMany({ where: { stepId } });
  if (uses.length === 0) return { events: [], readErasedMemory: false };
  // Read FOR SHARE, as thread history's sources are (record-history-sources.ts): an erase or forget
  // running now either committed first (the item is gone, and its copies here are redacted below) or
  // waits for this commit, then finds the copies this step wrote and redacts them itself.
  const existing = await rawSqlFor(transaction).query<{ id: string }>(
    'SELECT id::text AS id FROM memory_items WHERE tenant_id = $1::uuid AND id = ANY($2::uuid[]) FOR SHARE',
    run.tenantId,
    [...new Set(uses.map((use) => use.memoryItemId))],
  );
  const existingIds = new Set(existing.map((item) => item.id));
  const recorded = uses.filter((use) => existingIds.has(use.memoryItemId));
  const vanished = uses.filter((use) => !existingIds.has(use.memoryItemId));
  if (vanished.length > 0) await redactVanishedCopies(transaction, run, vanished);
  await transaction.memoryInjection.createMany({
    data: recorded.map((use) => ({
      tenantId: run.tenantId,
      runId: run.id,
      stepId,
      memoryItemId: use.memoryItemId,
      score: use.score,
      scoreParts: use.parts ?? Prisma.DbNull,
      source: use.source,
    })),
  });
  await transaction.memoryItem.updateMany({ where: { id: { in: [...existingIds] } }, data: { lastUsedAt: new Date() } });
  for (const [messageIndex, ids] of groupByMessage(recorded)) {
    const isBlock = recorded.some((use) => use.messageIndex === messageIndex && use.source === 'auto_injection');
    await transaction.message.updateMany({
      where: { runId: run.id, index: messageIndex },
      data: { memoryItemIds: ids, ...(isBlock ? { kind: 'memory_block' } : {}) },
    });
  }
  const events = recorded
    .filter((use) => use.source === 'tool_result')
    .map((use): NewRunEvent => ({ type: 'memory-injected', payload: { memoryId: use.memoryItemId, score: use.score, source: use.source, step: result.step } }));
  return { events, readErasedMemory: vanished.length > 0 };
}

/** Whether the step carried a memory into a prompt or seeded thread history: recordMemoryUse has work to do. */
export function hasMemoryUseToRecord(result: StepResult): boolean {
  return memoryUsesOf(result).length > 0 || seededHistoryWritten(result);
}

function memoryUsesOf(result: StepResult): MemoryUse[] {
  const blockIndex = result.messages.find(({ message }) => message.role === 'user' && message.content.startsWith(memoryBlockPrefix))?.index ?? null;
  const injected = result.events
    .filter((event) => event.type === 'memory-injected' && typeof event.data['memoryId'] === 'string')
    .map((event): MemoryUse => ({
      memoryItemId: event.data['memoryId'] as string,
      score: Number(event.data['score'] ?? 0),
      parts: partsOf(event.data['parts']),
      source: 'auto_injection',
      messageIndex: blockIndex,
    }));
  const returned = result.toolCalls.flatMap((call) => {
    const messageIndex = result.messages.find(({ message }) => message.role === 'tool' && message.toolCallId === call.callId)?.index ?? null;
    return memoriesCarriedBy(call)
      .filter((hit) => typeof hit.id === 'string')
      .map((hit): MemoryUse => ({
        memoryItemId: hit.id as string,
        score: Number(hit.score ?? 0),
        parts: partsOf(hit.parts),
        source: 'tool_result',
        messageIndex,
      }));
  });
  return [...injected, ...returned];
}

/** Score parts as recorded: an object of numbers (similarity and lexical may be null), else nothing. */
function partsOf(value: unknown): Prisma.InputJsonObject | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const parts: Record<string, number | null> = {};
  for (const [name, part] of Object.entries(value as Record<string, unknown>)) if (part === null || typeof part === 'number') parts[name] = part;
  return Object.keys(parts).length > 0 ? parts : null;
}

type CarriedMemory = { id?: unknown; score?: unknown; parts?: unknown };

/**
 * The memories a memory tool's result put in front of the model: memory_search's hits, and the
 * nearest keyed memories memory_store reports — both copy other items' text into this run, so both
 * are recorded (and redacted when those items are erased).
 */
function memoriesCarriedBy(call: StepResult['toolCalls'][number]): CarriedMemory[] {
  if (call.status !== 'succeeded') return [];
  const data: unknown = call.result?.data;
  if (call.name === 'memory_search' && Array.isArray(data)) return data as CarriedMemory[];
  const nearest = call.name === 'memory_store' && data && typeof data === 'object' ? (data as { nearestKeyed?: unknown }).nearestKeyed : undefined;
  return Array.isArray(nearest) ? (nearest as CarriedMemory[]) : [];
}

function groupByMessage(uses: readonly MemoryUse[]): Map<number, string[]> {
  const groups = new Map<number, string[]>();
  for (const use of uses) {
    if (use.messageIndex === null) continue;
    const ids = groups.get(use.messageIndex) ?? [];
    if (!ids.includes(use.memoryItemId)) ids.push(use.memoryItemId);
    groups.set(use.messageIndex, ids);
  }
  return groups;
}

/** Seeded history sits at transcript indexes 2 … 1 + historyCount (runtime JournalContextManager). */
function historyCountOf(result: StepResult): number {
  return Number((result.checkpoint.context as { historyCount?: unknown }).historyCount ?? 0);
}

function seededHistoryWritten(result: StepResult): boolean {
  const historyCount = historyCountOf(result);
  return historyCount > 0 && result.messages.some(({ index }) => index >= 2 && index < 2 + historyCount);
}

async function markThreadHistory(transaction: Prisma.TransactionClient, runId: string, result: StepResult): Promise<void> {
  if (!seededHistoryWritten(result)) return;
  const historyCount = historyCountOf(result);
  await transaction.message.updateMany({ where: { runId, index: { gte: 2, lt: 2 + historyCount } }, data: { kind: 'thread_history' } });
}

/**
 * The search found items that were erased or forgotten before this step committed: the prompt copies
 * this run holds of them — the message that carried each (the memory block or the tool's result)
 * and the memory tool results of this run that list them — are replaced as an erase replaces them,
 * since no row will point back to those items once this commit ends.
 */
async function redactVanishedCopies(
  transaction: Prisma.TransactionClient,
  run: { id: string; tenantId: string },
  vanished: readonly MemoryUse[],
): Promise<void> {
  const indexes = [...new Set(vanished.flatMap((use) => (use.messageIndex === null ? [] : [use.messageIndex])))];
  if (indexes.length > 0) {
    await transaction.message.updateMany({
      where: { tenantId: run.tenantId, runId: run.id, index: { in: indexes } },
      data: { content: erasedContent, memoryItemIds: [] },
    });
  }
  await rawSqlFor(transaction).execute(
    `UPDATE tool_calls SET result = jsonb_build_object('content', $3::text, 'isError', false, 'data', NULL)
      WHERE tenant_id = $1::uuid AND run_id = $2::uuid AND result IS NOT NULL
        AND EXISTS (SELECT 1 FROM unnest($4::text[]) AS id WHERE result::text LIKE '%' || id || '%')`,
    run.tenantId,
    run.id,
    erasedContent,
    [...new Set(vanished.map((use) => use.memoryItemId))],
  );
}
