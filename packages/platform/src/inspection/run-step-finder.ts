import type { Database, Prisma } from '@agentloom/db';

import type { Principal } from '../auth/roles';
import { parseInput } from '../validation/parse-input';
import { findRunStepsInputSchema, type FindRunStepsInput } from './inspection.schema';
import { assertRunVisible } from './run-access';
import { decidedToolCallStatuses, failedToolCallStatuses } from './step-tool-summaries';

/** What a run holds, for the filter menus: counts per step kind, tool and event type. */
export interface RunFacets {
  kinds: { kind: string; steps: number }[];
  tools: { name: string; calls: number }[];
  eventTypes: { type: string; events: number }[];
  errorSteps: number;
  approvalSteps: number;
}

/**
 * Filters a run's steps on the server, so a 10,000-step run is never shipped to the browser to be
 * searched: answers the indexes of the matching steps (ints — all of them, in order), which the
 * timeline shows and "next error" walks.
 */
export class RunStepFinder {
  constructor(private readonly database: Database) {}

  async find(principal: Principal, rawInput: FindRunStepsInput): Promise<{ stepIndexes: number[] }> {
    const input = parseInput(findRunStepsInputSchema, rawInput);
    const { prisma } = this.database;
    await assertRunVisible(prisma, principal, input.runId);
    const conditions: Prisma.StepWhereInput[] = [];
    if (input.kind) conditions.push({ kind: input.kind });
    if (input.toolName) conditions.push({ toolCalls: { some: { name: input.toolName } } });
    if (input.errors) conditions.push({ OR: [{ status: 'interrupted' }, { toolCalls: { some: failedCallWhere } }] });
    if (input.approval) {
      const approval: Prisma.ApprovalNullableScalarRelationFilter = input.approval === 'any' ? { isNot: null } : { is: { status: input.approval } };
      conditions.push({ toolCalls: { some: { approval } } });
    }
    const rows = await prisma.step.findMany({
      where: { runId: input.runId, tenantId: principal.tenantId, AND: conditions },
      orderBy: { index: 'asc' },
      select: { index: true },
    });
    return { stepIndexes: rows.map((row) => row.index) };
  }

  async facets(principal: Principal, rawInput: { runId: string }): Promise<RunFacets> {
    const { runId } = parseInput(findRunStepsInputSchema.pick({ runId: true }), rawInput);
    const { prisma } = this.database;
    await assertRunVisible(prisma, principal, runId);
    const where = { runId, tenantId: principal.tenantId };
    const [kinds, tools, eventTypes, errorSteps, approvalSteps] = await Promise.all([
      prisma.step.groupBy({ by: ['kind'], where, _count: { _all: true }, orderBy: { kind: 'asc' } }),
      prisma.toolCall.groupBy({ by: ['name'], where, _count: { _all: true }, orderBy: { name: 'asc' } }),
      prisma.runEvent.groupBy({ by: ['type'], where, _count: { _all: true }, orderBy: { type: 'asc' } }),
      prisma.step.count({ where: { ...where, OR: [{ status: 'interrupted' }, { toolCalls: { some: failedCallWhere } }] } }),
      prisma.step.count({ where: { ...where, toolCalls: { some: { approval: { isNot: null } } } } }),
    ]);
    return {
      kinds: kinds.map((row) => ({ kind: row.kind, steps: row._count._all })),
      tools: tools.map((row) => ({ name: row.name, calls: row._count._all })),
      eventTypes: eventTypes.map((row) => ({ type: row.type, events: row._count._all })),
      errorSteps,
      approvalSteps,
    };
  }
}

/** The database form of `isFailedToolCall`. */
const failedCallWhere: Prisma.ToolCallWhereInput = {
  OR: [{ status: { in: [...failedToolCallStatuses] } }, { errorKind: { not: null }, status: { notIn: [...decidedToolCallStatuses] } }],
};
