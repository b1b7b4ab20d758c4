import type { Database, Prisma } from '@agentloom/db';
import type { MemoryHit, MemoryScope } from '@agentloom/runtime';
import type { z } from 'zod';

import { recordAudit } from '../audit/record-audit';
import { roleAtLeast, type Principal } from '../auth/roles';
import { tenantCursor } from '../auth/tenant-cursor';
import { DomainError } from '../errors/domain-error';
import { parseInput } from '../validation/parse-input';
import {
  listMemoryDecisions,
  listMemoryDecisionsInputSchema,
  memoryDecisionIdInputSchema,
  undoMemoryDecision,
  type MemoryDecisionView,
} from './extraction/memory-decisions';
import { forgetMemoryItem, type ForgetResult } from './forget-memory-item';
import { memoryKindOf } from './memory-kind';
import {
  forgetMemoryInputSchema,
  listMemoryInputSchema,
  memoryInjectionsInputSchema,
  memoryItemIdInputSchema,
  runMemoryHitsInputSchema,
  searchMemoryInputSchema,
  storeMemoryInputSchema,
} from './memory.schema';
import { listInjectionsOf, runMemoryHits, supersessionChainOf, type MemoryInjectionView, type RunMemoryHitView } from './memory-usage';
import { memoryViewSelect, toMemoryItemView, type MemoryItemView } from './memory-view';
import type { PrismaMemoryPort } from './prisma-memory-port';

/**
 * Memory for the API: search, store, get, list, pin/unpin, forget. Tenant from the principal, never
 * from input; another tenant's item or thread is "not found". Changes are audit-logged (without
 * content: a forgotten memory must not live on in the audit log).
 */
export class MemoryService {
  constructor(
    private readonly database: Database,
    private readonly port: PrismaMemoryPort,
  ) {}

  search(principal: Principal, rawInput: unknown): Promise<MemoryHit[]> {
    const input = parseInput(searchMemoryInputSchema, rawInput);
    if (input.occurredAfter && input.occurredBefore && input.occurredAfter >= input.occurredBefore) {
      throw new DomainError('validation', 'occurredAfter must be earlier than occurredBefore', 'occurredAfter');
    }
    const scope: MemoryScope = { tenantId: principal.tenantId, ...input.scope };
    return this.port.searchWith(
      {
        scope,
        text: input.text,
        limit: input.limit,
        ...(input.kinds ? { kinds: input.kinds.map(memoryKindOf) } : {}),
        ...(input.now ? { now: input.now.toISOString() } : {}),
        ...(input.occurredAfter || input.occurredBefore ? { window: { from: input.occurredAfter ?? null, to: input.occurredBefore ?? null } } : {}),
      },
      input.mode,
    );
  }

  async store(principal: Principal, rawInput: unknown): Promise<MemoryItemView> {
    requireOperator(principal);
    const input = parseInput(storeMemoryInputSchema, rawInput);
    const scope = await this.scopeOf(principal, input.scope);
    const stored = await this.port.storeItem({
      scope,
      kind: memoryKindOf(input.kind),
      content: input.content,
      pinned: input.pinned,
      ...(input.key ? { key: input.key } : {}),
      ...(input.metadata ? { metadata: input.metadata } : {}),
      ...(input.expiresAt ? { expiresAt: input.expiresAt } : {}),
      ...(input.occurredAt ? { occurredAt: input.occurredAt.toISOString() } : {}),
    });
    await this.audit(principal, 'memory.store', stored.id, { kind: input.kind, level: input.scope.level, supersededId: stored.supersededId });
    return this.get(principal, { memoryItemId: stored.id });
  }

  async get(principal: Principal, rawInput: unknown): Promise<MemoryItemView> {
    const { memoryItemId } = parseInput(memoryItemIdInputSchema, rawInput);
    const row = await this.database.prisma.memoryItem.findFirst({ where: { id: memoryItemId, tenantId: principal.tenantId }, select: memoryViewSelect });
    if (!row) throw new DomainError('not-found', `Memory ${memoryItemId} not found`, 'memoryItemId');
    return toMemoryItemView(row);
  }

  /** Newest first. */
  async list(principal: Principal, rawInput: unknown): Promise<{ items: MemoryItemView[]; nextCursor: string | null }> {
    const input = parseInput(listMemoryInputSchema, rawInput);
    const rows = await this.database.prisma.memoryItem.findMany({
      where: {
        tenantId: principal.tenantId,
        ...(input.level ? { scope: input.level } : {}),
        ...(input.scopeId ? { scopeId: input.scopeId } : {}),
        ...(input.kind ? { kind: input.kind } : {}),
        ...(input.includeSuperseded ? {} : { supersededById: null }),
      },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      ...tenantCursor(input.cursor, { tenantId: principal.tenantId }),
      take: input.limit + 1,
      select: memoryViewSelect,
    });
    const page = rows.slice(0, input.limit);
    return { items: page.map(toMemoryItemView), nextCursor: rows.length > input.limit ? (page.at(-1)?.id ?? null) : null };
  }

  /** Where an item was used: each run and step whose prompt it reached, with the score, newest first. */
  async injections(principal: Principal, rawInput: unknown): Promise<{ injections: MemoryInjectionView[]; nextCursor: string | null }> {
    const input = parseInput(memoryInjectionsInputSchema, rawInput);
    await this.get(principal, { memoryItemId: input.memoryItemId });
    return listInjectionsOf(this.database.prisma, principal.tenantId, input);
  }

  /** The item's key history, oldest first, the item included (one item when it has no key history). */
  async supersessionChain(principal: Principal, rawInput: unknown): Promise<MemoryItemView[]> {
    const item = await this.get(principal, rawInput);
    return supersessionChainOf(this.database.prisma, principal.tenantId, item);
  }

  /** Scores of the memories a run's messages carried (messages hold the ids; injections the scores). */
  async runHits(principal: Principal, rawInput: unknown): Promise<RunMemoryHitView[]> {
    const input = parseInput(runMemoryHitsInputSchema, rawInput);
    const run = await this.database.prisma.run.findFirst({ where: { id: input.runId, tenantId: principal.tenantId }, select: { id: true } });
    if (!run) throw new DomainError('not-found', `Run ${input.runId} not found`, 'runId');
    return runMemoryHits(this.database.prisma, principal.tenantId, input);
  }

  pin(principal: Principal, rawInput: unknown): Promise<MemoryItemView> {
    return this.setPinned(principal, rawInput, true);
  }

  unpin(principal: Principal, rawInput: unknown): Promise<MemoryItemView> {
    return this.setPinned(principal, rawInput, false);
  }

  /**
   * Hard delete: the item, its vector and its injection records (cascades). The live item of a key
   * takes its history with it unless `restorePrevious` asks for the value it replaced back
   * (forget-memory-item.ts).
   */
  async forget(principal: Principal, rawInput: unknown): Promise<ForgetResult> {
    requireOperator(principal);
    const { memoryItemId, restorePrevious } = parseInput(forgetMemoryInputSchema, rawInput);
    return this.database.prisma.$transaction(async (transaction) => {
      const result = await forgetMemoryItem(transaction, { id: memoryItemId, tenantId: principal.tenantId }, { restorePrevious });
      if (!result.forgotten) throw new DomainError('not-found', `Memory ${memoryItemId} not found`, 'memoryItemId');
      await recordAudit(transaction, principal, {
        action: 'memory.forget',
        targetType: 'memory_item',
        targetId: memoryItemId,
        after: { restoredId: result.restoredId, historyForgotten: result.historyForgotten, derivedForgotten: result.derivedForgotten },
      });
      return result;
    });
  }

  /** What post-run extraction decided (ADR 0024), newest first: by run, or about one item. */
  decisions(principal: Principal, rawInput: unknown): Promise<{ decisions: MemoryDecisionView[]; nextCursor: string | null }> {
    const input = parseInput(listMemoryDecisionsInputSchema, rawInput);
    return listMemoryDecisions(this.database.prisma, principal.tenantId, input);
  }

  /** Reverses an extraction decision: restores the previous item, or removes the added one. */
  async undoDecision(principal: Principal, rawInput: unknown): Promise<MemoryDecisionView> {
    requireOperator(principal);
    const { decisionId } = parseInput(memoryDecisionIdInputSchema, rawInput);
    return this.database.prisma.$transaction(async (transaction) => {
      const view = await undoMemoryDecision(transaction, principal.tenantId, decisionId);
      await recordAudit(transaction, principal, {
        action: 'memory.decision.undo',
        targetType: 'memory_decision',
        targetId: decisionId,
        after: { event: view.event },
      });
      return view;
    });
  }

  private async setPinned(principal: Principal, rawInput: unknown, pinned: boolean): Promise<MemoryItemView> {
    requireOperator(principal);
    const { memoryItemId } = parseInput(memoryItemIdInputSchema, rawInput);
    await this.database.prisma.$transaction(async (transaction) => {
      const { count } = await transaction.memoryItem.updateMany({ where: { id: memoryItemId, tenantId: principal.tenantId }, data: { pinned } });
      if (count === 0) throw new DomainError('not-found', `Memory ${memoryItemId} not found`, 'memoryItemId');
      await recordAudit(transaction, principal, { action: pinned ? 'memory.pin' : 'memory.unpin', targetType: 'memory_item', targetId: memoryItemId });
    });
    return this.get(principal, { memoryItemId });
  }

  /** The runtime scope for a level, checking that a named thread or agent is the tenant's. */
  private async scopeOf(principal: Principal, scope: z.infer<typeof storeMemoryInputSchema>['scope']): Promise<MemoryScope> {
    const tenantId = principal.tenantId;
    if (scope.level === 'project') return { tenantId };
    if (!scope.id) throw new DomainError('validation', `scope.id is required for the ${scope.level} level`, 'scope.id');
    if (scope.level === 'thread') {
      const thread = await this.database.prisma.thread.findFirst({ where: { id: scope.id, tenantId }, select: { id: true } });
      if (!thread) throw new DomainError('not-found', `Thread ${scope.id} not found`, 'scope.id');
      return { tenantId, threadId: scope.id };
    }
    if (scope.level === 'agent') {
      const agent = await this.database.prisma.agent.findFirst({ where: { id: scope.id, tenantId }, select: { id: true } });
      if (!agent) throw new DomainError('not-found', `Agent ${scope.id} not found`, 'scope.id');
      return { tenantId, agentId: scope.id };
    }
    return { tenantId, userId: scope.id };
  }

  private async audit(principal: Principal, action: string, targetId: string, after: Prisma.InputJsonObject): Promise<void> {
    await this.database.prisma.$transaction((transaction) => recordAudit(transaction, principal, { action, targetType: 'memory_item', targetId, after }));
  }
}

function requireOperator(principal: Principal): void {
  if (!roleAtLeast(principal.role, 'operator')) throw new DomainError('forbidden', `Changing memory needs the operator role; your key has ${principal.role}.`);
}
