import type { Database } from '@agentloom/db';

import type { Principal } from '../auth/roles';
import { parseInput } from '../validation/parse-input';
import { listRunStepsInputSchema, type ListRunStepsInput } from './inspection.schema';
import { assertRunVisible, runPricesKnown } from './run-access';
import { loadStepToolSummaries } from './step-tool-summaries';
import { toRunStepView, runStepSelect, type RunStepView } from './run-step-view';

export type { RunStepView } from './run-step-view';

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
      select: runStepSelect,
    });
    const page = rows.slice(0, input.limit);
    const [summaries, pricesKnown] = await Promise.all([
      loadStepToolSummaries(prisma, principal.tenantId, input.runId, page.map((row) => row.id)),
      runPricesKnown(prisma, principal.tenantId, input.runId),
    ]);
    return {
      steps: page.map((row) => toRunStepView(row, summaries.get(row.id), pricesKnown)),
      nextCursor: rows.length > input.limit ? (page[page.length - 1]?.index ?? null) : null,
    };
  }
}
