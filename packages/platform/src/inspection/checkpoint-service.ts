import type { Database, Prisma } from '@agentloom/db';

import type { Principal } from '../auth/roles';
import { DomainError } from '../errors/domain-error';
import { parseInput } from '../validation/parse-input';
import { getCheckpointInputSchema, listCheckpointsInputSchema, type GetCheckpointInput, type ListCheckpointsInput } from './inspection.schema';
import { assertRunVisible } from './run-access';

/** A retained checkpoint without its state (lists stay small however big the state is). */
export interface CheckpointSummaryView {
  id: string;
  seq: number;
  stepIndex: number;
  formatVersion: number;
  byteSize: number;
  /** latest | approval | before_failure — why retention kept it. */
  retainedFor: string;
  moduleBindings: Prisma.JsonValue;
  createdAt: string;
}

/** One checkpoint with its state, and the state of the retained checkpoint before it (for a diff). */
export interface CheckpointDetailView {
  checkpoint: CheckpointSummaryView & { state: Prisma.JsonValue };
  previous: { seq: number; state: Prisma.JsonValue } | null;
}

const summarySelect = {
  id: true,
  seq: true,
  stepIndex: true,
  formatVersion: true,
  byteSize: true,
  retainedFor: true,
  moduleBindings: true,
  createdAt: true,
} as const satisfies Prisma.CheckpointSelect;

/** A run's retained checkpoints: sizes and bindings in lists, state on demand. */
export class CheckpointService {
  constructor(private readonly database: Database) {}

  async list(principal: Principal, rawInput: ListCheckpointsInput): Promise<{ checkpoints: CheckpointSummaryView[]; nextCursor: number | null }> {
    const input = parseInput(listCheckpointsInputSchema, rawInput);
    const { prisma } = this.database;
    await assertRunVisible(prisma, principal, input.runId);
    const rows = await prisma.checkpoint.findMany({
      where: { runId: input.runId, tenantId: principal.tenantId, ...(input.cursor === undefined ? {} : { seq: { gt: input.cursor } }) },
      orderBy: { seq: 'asc' },
      take: input.limit + 1,
      select: summarySelect,
    });
    const page = rows.slice(0, input.limit);
    return {
      checkpoints: page.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
      nextCursor: rows.length > input.limit ? (page[page.length - 1]?.seq ?? null) : null,
    };
  }

  async get(principal: Principal, rawInput: GetCheckpointInput): Promise<CheckpointDetailView> {
    const input = parseInput(getCheckpointInputSchema, rawInput);
    const { prisma } = this.database;
    await assertRunVisible(prisma, principal, input.runId);
    const row = await prisma.checkpoint.findFirst({
      where: { runId: input.runId, tenantId: principal.tenantId, seq: input.seq },
      select: { ...summarySelect, state: true },
    });
    if (!row) throw new DomainError('not-found', `Checkpoint ${input.seq} of run ${input.runId} not found (retention may have pruned it)`, 'seq');
    const previous = await prisma.checkpoint.findFirst({
      where: { runId: input.runId, tenantId: principal.tenantId, seq: { lt: input.seq } },
      orderBy: { seq: 'desc' },
      select: { seq: true, state: true },
    });
    return { checkpoint: { ...row, createdAt: row.createdAt.toISOString() }, previous };
  }
}
