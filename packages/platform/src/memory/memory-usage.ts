import type { Prisma, PrismaClient } from '@agentloom/db';
import type { z } from 'zod';

import { tenantCursor } from '../auth/tenant-cursor';
import type { memoryInjectionsInputSchema, runMemoryHitsInputSchema } from './memory.schema';
import { memoryViewSelect, toMemoryItemView, type MemoryItemView } from './memory-view';

/** One use of a memory item: the run and step whose prompt it reached, with its score. */
export interface MemoryInjectionView {
  id: string;
  runId: string;
  stepId: string | null;
  /** The step's position in its run (null when the step was not recorded). */
  stepIndex: number | null;
  score: number;
  /** Why it scored that (similarity, lexical, relevance, pinned, recency, time); null for older injections. */
  scoreParts: MemoryScorePartsView | null;
  /** auto_injection | tool_result | routing */
  source: string;
  createdAt: string;
}

/** A memory a run's messages carried, with the score it had when it reached the prompt. */
export interface RunMemoryHitView {
  memoryItemId: string;
  stepId: string | null;
  score: number;
  /** Why it scored that; null for injections recorded before parts were kept. */
  scoreParts: MemoryScorePartsView | null;
  source: string;
}

/** The parts of a recorded score (runtime MemoryScoreParts); any part may be missing from an old record. */
export type MemoryScorePartsView = Partial<Record<'similarity' | 'lexical' | 'relevance' | 'evidence' | 'pinned' | 'recency' | 'time', number | null>> & {
  unknownNames?: string[];
};

export function scorePartsView(value: Prisma.JsonValue | null): MemoryScorePartsView | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  return value;
}

/** Longest supersession chain walked in either direction (a chain is one key's history). */
const chainLimit = 50;

/** Injections of one item, newest first, a page at a time. The item must be the tenant's (checked by the caller). */
export async function listInjectionsOf(
  prisma: PrismaClient,
  tenantId: string,
  input: z.output<typeof memoryInjectionsInputSchema>,
): Promise<{ injections: MemoryInjectionView[]; nextCursor: string | null }> {
  const item = { tenantId, memoryItemId: input.memoryItemId };
  const rows = await prisma.memoryInjection.findMany({
    where: item,
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    ...tenantCursor(input.cursor, item),
    take: input.limit + 1,
    select: { id: true, runId: true, stepId: true, score: true, scoreParts: true, source: true, createdAt: true, step: { select: { index: true } } },
  });
  const page = rows.slice(0, input.limit);
  return {
    injections: page.map((row) => ({
      id: row.id,
      runId: row.runId,
      stepId: row.stepId,
      stepIndex: row.step?.index ?? null,
      score: row.score,
      scoreParts: scorePartsView(row.scoreParts),
      source: row.source,
      createdAt: row.createdAt.toISOString(),
    })),
    nextCursor: rows.length > input.limit ? (page.at(-1)?.id ?? null) : null,
  };
}

/**
 * The item's key history, oldest first, the item itself included: the items it superseded (each
 * older one points at its successor) and the items that superseded it.
 */
export async function supersessionChainOf(prisma: PrismaClient, tenantId: string, item: MemoryItemView): Promise<MemoryItemView[]> {
  const older: MemoryItemView[] = [];
  let current = item.id;
  for (let step = 0; step < chainLimit; step += 1) {
    const previous = await prisma.memoryItem.findFirst({
      where: { tenantId, supersededById: current },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      select: memoryViewSelect,
    });
    if (!previous) break;
    older.unshift(toMemoryItemView(previous));
    current = previous.id;
  }
  const newer: MemoryItemView[] = [];
  let next = item.supersededById;
  while (next !== null && newer.length < chainLimit) {
    const successor = await prisma.memoryItem.findFirst({ where: { id: next, tenantId }, select: memoryViewSelect });
    if (!successor) break;
    newer.push(toMemoryItemView(successor));
    next = successor.supersededById;
  }
  return [...older, item, ...newer];
}

/** The recorded uses of the named items in one run (the scores the run's messages carried). */
export async function runMemoryHits(prisma: PrismaClient, tenantId: string, input: z.output<typeof runMemoryHitsInputSchema>): Promise<RunMemoryHitView[]> {
  if (input.memoryItemIds.length === 0) return [];
  const rows = await prisma.memoryInjection.findMany({
    where: { tenantId, runId: input.runId, memoryItemId: { in: input.memoryItemIds } },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: { memoryItemId: true, stepId: true, score: true, scoreParts: true, source: true },
  });
  return rows.map((row) => ({ ...row, scoreParts: scorePartsView(row.scoreParts) }));
}
