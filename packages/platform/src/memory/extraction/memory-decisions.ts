import type { Prisma, PrismaClient } from '@agentloom/db';
import { z } from 'zod';

import { tenantCursor } from '../../auth/tenant-cursor';
import { DomainError } from '../../errors/domain-error';
import { forgetMemoryItem, holdEraseFenceOfItem, holdKeyLockOfItem } from '../forget-memory-item';

export const listMemoryDecisionsInputSchema = z.object({
  /** One run's decisions, or the decisions about one item (written, updated or deleted). */
  runId: z.uuid().optional(),
  memoryItemId: z.uuid().optional(),
  /** Id of the last decision of the previous page. */
  cursor: z.uuid().optional(),
  limit: z.number().int().min(1).max(200).default(50),
});

export const memoryDecisionIdInputSchema = z.object({ decisionId: z.uuid() });

/** A decision as the inspector shows it: old → new by the items' current text (no copy is kept). */
export interface MemoryDecisionView {
  id: string;
  runId: string;
  event: 'add' | 'update' | 'delete' | 'none';
  key: string | null;
  memoryItemId: string | null;
  previousItemId: string | null;
  /** The items' text now; null once an item is forgotten or erased. */
  newContent: string | null;
  oldContent: string | null;
  reason: string;
  undoneAt: string | null;
  createdAt: string;
  /** Whether `undo` can reverse it now. */
  undoable: boolean;
}

const decisionSelect = {
  id: true,
  runId: true,
  event: true,
  key: true,
  memoryItemId: true,
  previousItemId: true,
  reason: true,
  undoneAt: true,
  createdAt: true,
  memoryItem: { select: { content: true, supersededById: true } },
  previousItem: { select: { content: true, supersededById: true, expiresAt: true } },
} as const;

type DecisionRow = Prisma.MemoryDecisionGetPayload<{ select: typeof decisionSelect }>;

/** Newest first. */
export async function listMemoryDecisions(
  prisma: PrismaClient,
  tenantId: string,
  input: z.infer<typeof listMemoryDecisionsInputSchema>,
): Promise<{ decisions: MemoryDecisionView[]; nextCursor: string | null }> {
  // The run or item a page is about is its parent: a cursor of another run's decision is not a position in it.
  const about = {
    tenantId,
    ...(input.runId ? { runId: input.runId } : {}),
    ...(input.memoryItemId ? { OR: [{ memoryItemId: input.memoryItemId }, { previousItemId: input.memoryItemId }] } : {}),
  };
  const rows = await prisma.memoryDecision.findMany({
    where: about,
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    ...tenantCursor(input.cursor, about),
    take: input.limit + 1,
    select: decisionSelect,
  });
  const page = rows.slice(0, input.limit);
  return { decisions: page.map(toDecisionView), nextCursor: rows.length > input.limit ? (page.at(-1)?.id ?? null) : null };
}

function toDecisionView(row: DecisionRow): MemoryDecisionView {
  return {
    id: row.id,
    runId: row.runId,
    event: row.event,
    key: row.key,
    memoryItemId: row.memoryItemId,
    previousItemId: row.previousItemId,
    newContent: row.memoryItem?.content ?? null,
    oldContent: row.previousItem?.content ?? null,
    reason: row.reason,
    undoneAt: row.undoneAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    undoable: whyNotUndoable(row) === null,
  };
}

/** Null when the decision can be undone now; otherwise why not. */
function whyNotUndoable(row: DecisionRow): string | null {
  if (row.undoneAt) return 'it was already undone';
  if (row.event === 'none') return 'a NONE decision changed nothing';
  if (row.event === 'delete') return row.previousItem ? null : 'the deleted memory has since been forgotten';
  if (!row.memoryItem) return 'the memory it wrote has since been forgotten';
  if (row.memoryItem.supersededById) return 'a later change replaced the memory it wrote; undo that first';
  return null;
}

/**
 * Reverses one decision in one transaction: ADD → the written item is forgotten (a value it
 * superseded by key comes back); UPDATE → the new item is forgotten and the old one is live again;
 * DELETE → the retired item gets its expiry back. Recorded as undone; a second undo is a conflict.
 */
export async function undoMemoryDecision(transaction: Prisma.TransactionClient, tenantId: string, decisionId: string): Promise<MemoryDecisionView> {
  // Undoing an ADD or UPDATE writes the key of the item it forgets (the previous value comes back):
  // take that key's lock before the check below, so "a later change replaced it" is seen even when
  // the later store commits while this undo waits (else the undo would be recorded, restoring nothing).
  // Two undos of one decision serialize here as well.
  const target = await transaction.memoryDecision.findFirst({ where: { id: decisionId, tenantId }, select: { memoryItemId: true } });
  // The erase fence comes before the key lock, in the order forgetMemoryItem takes them.
  if (target?.memoryItemId) await holdEraseFenceOfItem(transaction, { id: target.memoryItemId, tenantId });
  if (target?.memoryItemId) await holdKeyLockOfItem(transaction, { id: target.memoryItemId, tenantId });
  const row = await transaction.memoryDecision.findFirst({ where: { id: decisionId, tenantId }, select: decisionSelect });
  if (!row) throw new DomainError('not-found', `Memory decision ${decisionId} not found`, 'decisionId');
  const reason = whyNotUndoable(row);
  if (reason) throw new DomainError('conflict', `Memory decision ${decisionId} cannot be undone: ${reason}`, 'decisionId');
  if (row.event === 'delete') {
    const previous = await transaction.memoryDecision.findUniqueOrThrow({ where: { id: row.id }, select: { previousExpiresAt: true } });
    await transaction.memoryItem.update({ where: { id: row.previousItemId! }, data: { expiresAt: previous.previousExpiresAt } });
  } else {
    await forgetMemoryItem(transaction, { id: row.memoryItemId!, tenantId }, { restorePrevious: true });
  }
  await transaction.memoryDecision.update({ where: { id: row.id }, data: { undoneAt: new Date() } });
  const after = await transaction.memoryDecision.findUniqueOrThrow({ where: { id: row.id }, select: decisionSelect });
  return toDecisionView(after);
}
