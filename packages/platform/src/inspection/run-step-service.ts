import type { Database } from '@agentloom/db';

import type { Principal } from '../auth/roles';
import { parseInput } from '../validation/parse-input';
import { listRunStepsInputSchema, type ListRunStepsInput } from './inspection.schema';
import { assertRunVisible } from './run-access';

/** One committed engine step, as the timeline draws it. */
export interface RunStepView {
  id: string;
  index: number;
  /** model_call | tool_call | compaction | verification | approval_wait | routing | memory_injection */
  kind: string;
  /** How the step ended: the engine's next-step type (run-again, final-output, approval-request, interrupted). */
  status: string;
  parentStepId: string | null;
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
  startedAt: string;
  finishedAt: string | null;
}

/** A run's steps in index order, a page at a time. */
export class RunStepService {
  constructor(private readonly database: Database) {}

  async list(principal: Principal, rawInput: ListRunStepsInput): Promise<{ steps: RunStepView[]; nextCursor: number | null }> {
    const input = parseInput(listRunStepsInputSchema, rawInput);
    const { prisma } = this.database;
    await assertRunVisible(prisma, principal, input.runId);
    const rows = await prisma.step.findMany({
      where: { runId: input.runId, tenantId: principal.tenantId, index: { gt: input.cursor ?? -1 } },
      orderBy: { index: 'asc' },
      take: input.limit + 1,
      select: { id: true, index: true, kind: true, status: true, parentStepId: true, inputTokens: true, outputTokens: true, costUsd: true, startedAt: true, finishedAt: true },
    });
    const page = rows.slice(0, input.limit);
    return {
      steps: page.map((row) => ({
        ...row,
        costUsd: Number(row.costUsd),
        startedAt: row.startedAt.toISOString(),
        finishedAt: row.finishedAt?.toISOString() ?? null,
      })),
      nextCursor: rows.length > input.limit ? (page[page.length - 1]?.index ?? null) : null,
    };
  }
}
