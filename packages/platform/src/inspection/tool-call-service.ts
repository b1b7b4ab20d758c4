import type { Database } from '@agentloom/db';

import type { Principal } from '../auth/roles';
import { tenantCursor } from '../auth/tenant-cursor';
import { parseInput } from '../validation/parse-input';
import { listToolCallsInputSchema, type ListToolCallsInput } from './inspection.schema';
import { assertRunVisible } from './run-access';
import { toToolCallView, toolCallViewSelect, type ToolCallView } from './tool-call-view';

/** The tool-call ledger of a run, oldest first, a page at a time. */
export class ToolCallService {
  constructor(private readonly database: Database) {}

  async list(principal: Principal, rawInput: ListToolCallsInput): Promise<{ toolCalls: ToolCallView[]; nextCursor: string | null }> {
    const input = parseInput(listToolCallsInputSchema, rawInput);
    const { prisma } = this.database;
    await assertRunVisible(prisma, principal, input.runId);
    const run = { runId: input.runId, tenantId: principal.tenantId };
    const rows = await prisma.toolCall.findMany({
      where: {
        ...run,
        ...(input.name ? { name: input.name } : {}),
        ...(input.statuses ? { status: { in: input.statuses } } : {}),
      },
      // uuid v7 ids are time-ordered: id order is proposal order and a stable cursor.
      orderBy: { id: 'asc' },
      ...tenantCursor(input.cursor, run),
      take: input.limit + 1,
      select: toolCallViewSelect,
    });
    const page = rows.slice(0, input.limit);
    return { toolCalls: page.map(toToolCallView), nextCursor: rows.length > input.limit ? (page[page.length - 1]?.id ?? null) : null };
  }
}
