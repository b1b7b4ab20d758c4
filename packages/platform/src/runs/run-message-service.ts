import type { Database } from '@agentloom/db';
import { z } from 'zod';

import type { Principal } from '../auth/roles';
import { DomainError } from '../errors/domain-error';
import { databaseIntegerSchema } from '../validation/database-integer.schema';
import { parseInput } from '../validation/parse-input';
import { toMessageView, type RunMessageView } from './message-view';

export type { RunMessageView } from './message-view';

export const listMessagesInputSchema = z.object({
  runId: z.uuid(),
  /** Index of the last message of the previous page; omitted starts at the first message. */
  cursor: databaseIntegerSchema.min(-1).optional(),
  limit: z.number().int().min(1).max(500).default(100),
});


/** A run's transcript, a page at a time (a 10,000-step run is never loaded whole). */
export class RunMessageService {
  constructor(private readonly database: Database) {}

  async list(principal: Principal, rawInput: unknown): Promise<{ messages: RunMessageView[]; nextCursor: number | null }> {
    const input = parseInput(listMessagesInputSchema, rawInput);
    const run = await this.database.prisma.run.findFirst({ where: { id: input.runId, tenantId: principal.tenantId }, select: { id: true } });
    if (!run) throw new DomainError('not-found', `Run ${input.runId} not found`, 'runId');
    const rows = await this.database.prisma.message.findMany({
      where: { runId: input.runId, index: { gt: input.cursor ?? -1 } },
      orderBy: { index: 'asc' },
      take: input.limit + 1,
    });
    const page = rows.slice(0, input.limit);
    return {
      messages: page.map(toMessageView),
      nextCursor: rows.length > input.limit ? (page[page.length - 1]?.index ?? null) : null,
    };
  }
}
