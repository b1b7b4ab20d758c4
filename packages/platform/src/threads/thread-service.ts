import type { Database, Prisma } from '@agentloom/db';

import { recordAudit } from '../audit/record-audit';
import { assertRole } from '../auth/assert-role';
import type { Principal } from '../auth/roles';
import { tenantCursor } from '../auth/tenant-cursor';
import { DomainError } from '../errors/domain-error';
import { toMessageView, type RunMessageView } from '../runs/message-view';
import { parseInput } from '../validation/parse-input';
import { createThreadInputSchema, listThreadsInputSchema, renameThreadInputSchema, threadIdInputSchema, threadMessagesInputSchema } from './thread.schema';
import { threadViewSelect, toThreadView, type ThreadView } from './thread-view';

/** Thread pages show each message with the run it belongs to (RunMessageView carries runId). */
export type ThreadMessageView = RunMessageView;

/**
 * Conversations of one agent (and optionally one end user) that runs may continue. Every query is
 * filtered by the caller's tenant: another tenant's thread is "not found", never "forbidden".
 */
export class ThreadService {
  constructor(private readonly database: Database) {}

  async create(principal: Principal, rawInput: unknown): Promise<ThreadView> {
    assertRole(principal, 'operator', 'Creating a thread');
    const input = parseInput(createThreadInputSchema, rawInput);
    return this.database.prisma.$transaction(async (transaction) => {
      const agent = await transaction.agent.findFirst({ where: { id: input.agentId, tenantId: principal.tenantId }, select: { archivedAt: true } });
      if (!agent) throw new DomainError('not-found', `Agent ${input.agentId} not found`, 'agentId');
      if (agent.archivedAt) throw new DomainError('validation', `Agent ${input.agentId} is archived`, 'agentId');
      const thread = await transaction.thread.create({
        data: { tenantId: principal.tenantId, agentId: input.agentId, endUserId: input.endUserId ?? null, title: input.title },
        select: threadViewSelect,
      });
      await recordAudit(transaction, principal, {
        action: 'thread.create',
        targetType: 'thread',
        targetId: thread.id,
        after: { agentId: thread.agentId, endUserId: thread.endUserId, title: thread.title },
      });
      return toThreadView(thread);
    });
  }

  async get(principal: Principal, rawInput: unknown): Promise<ThreadView> {
    const { threadId } = parseInput(threadIdInputSchema, rawInput);
    return toThreadView(await this.find(this.database.prisma, principal, threadId));
  }

  /** Most recently active first. */
  async list(principal: Principal, rawInput: unknown): Promise<{ threads: ThreadView[]; nextCursor: string | null }> {
    const input = parseInput(listThreadsInputSchema, rawInput);
    const where: Prisma.ThreadWhereInput = {
      tenantId: principal.tenantId,
      ...(input.agentId ? { agentId: input.agentId } : {}),
      ...(input.endUserId ? { endUserId: input.endUserId } : {}),
      ...(input.includeArchived ? {} : { archivedAt: null }),
    };
    const rows = await this.database.prisma.thread.findMany({
      where,
      orderBy: [{ updatedAt: 'desc' }, { id: 'desc' }],
      ...tenantCursor(input.cursor, { tenantId: principal.tenantId }),
      take: input.limit + 1,
      select: threadViewSelect,
    });
    const page = rows.slice(0, input.limit);
    return { threads: page.map(toThreadView), nextCursor: rows.length > input.limit ? (page.at(-1)?.id ?? null) : null };
  }

  async rename(principal: Principal, rawInput: unknown): Promise<ThreadView> {
    assertRole(principal, 'operator', 'Renaming a thread');
    const input = parseInput(renameThreadInputSchema, rawInput);
    return this.database.prisma.$transaction(async (transaction) => {
      const before = await this.find(transaction, principal, input.threadId);
      const thread = await transaction.thread.update({ where: { id: input.threadId }, data: { title: input.title }, select: threadViewSelect });
      await recordAudit(transaction, principal, {
        action: 'thread.rename',
        targetType: 'thread',
        targetId: thread.id,
        before: { title: before.title },
        after: { title: thread.title },
      });
      return toThreadView(thread);
    });
  }

  /** Archived threads accept no new runs; their history stays readable. Idempotent. */
  async archive(principal: Principal, rawInput: unknown): Promise<ThreadView> {
    assertRole(principal, 'operator', 'Archiving a thread');
    const { threadId } = parseInput(threadIdInputSchema, rawInput);
    return this.database.prisma.$transaction(async (transaction) => {
      const before = await this.find(transaction, principal, threadId);
      if (before.archivedAt) return toThreadView(before);
      const thread = await transaction.thread.update({ where: { id: threadId }, data: { archivedAt: new Date() }, select: threadViewSelect });
      await recordAudit(transaction, principal, { action: 'thread.archive', targetType: 'thread', targetId: thread.id });
      return toThreadView(thread);
    });
  }

  /**
   * The conversation across its runs, oldest run first, each run's messages in index order. Copies
   * of earlier turns seeded into later runs (`thread_history`) are left out: they are already here.
   */
  async messages(principal: Principal, rawInput: unknown): Promise<{ messages: ThreadMessageView[]; nextCursor: string | null }> {
    const input = parseInput(threadMessagesInputSchema, rawInput);
    await this.find(this.database.prisma, principal, input.threadId);
    const thread = { threadId: input.threadId, tenantId: principal.tenantId };
    const rows = await this.database.prisma.message.findMany({
      where: { ...thread, kind: { not: 'thread_history' } },
      orderBy: [{ run: { createdAt: 'asc' } }, { runId: 'asc' }, { index: 'asc' }],
      ...tenantCursor(input.cursor, thread),
      take: input.limit + 1,
    });
    const page = rows.slice(0, input.limit);
    return {
      messages: page.map(toMessageView),
      nextCursor: rows.length > input.limit ? (page.at(-1)?.id ?? null) : null,
    };
  }

  private async find(reader: Pick<Prisma.TransactionClient, 'thread'>, principal: Principal, threadId: string) {
    const thread = await reader.thread.findFirst({ where: { id: threadId, tenantId: principal.tenantId }, select: threadViewSelect });
    if (!thread) throw new DomainError('not-found', `Thread ${threadId} not found`, 'threadId');
    return thread;
  }
}
