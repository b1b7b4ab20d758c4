import { createHash } from 'node:crypto';

import { Prisma, type Database } from '@agentloom/db';

import type { Principal } from '../auth/roles';
import { DomainError } from '../errors/domain-error';
import { parseInput } from '../validation/parse-input';
import { cancelRun } from './cancel-run';
import { compareRuns, type RunComparison } from './compare-runs';
import { insertRun } from './insert-run';
import { rerunRun } from './rerun-run';
import { retryRun } from './retry-run';
import { createRunInputSchema, listRunsInputSchema, runIdInputSchema, type CreateRunInput, type ListRunsInput } from './run.schema';
import { runViewSelect, toRunView, type RunView } from './run-view';
import { selectRunPage } from './select-run-page';

export interface CreatedRun {
  run: RunView;
  /** False when an earlier request with the same idempotency key created it. */
  created: boolean;
}

/** Creating, reading, listing and cancelling runs. Every query is filtered by the caller's tenant. */
export class RunService {
  constructor(
    private readonly database: Database,
    /** Called after a run was queued, so an executor in this process claims it without waiting. */
    private readonly onQueued: () => void = () => undefined,
  ) {}

  async create(principal: Principal, rawInput: unknown): Promise<CreatedRun> {
    const input = parseInput(createRunInputSchema, rawInput);
    const requestHash = hashRequest(input);
    if (input.idempotencyKey) {
      const existing = await this.findByIdempotencyKey(principal, input.idempotencyKey, requestHash);
      if (existing) return { run: existing, created: false };
    }
    try {
      const run = await this.insert(principal, input, requestHash);
      this.onQueued();
      return { run, created: true };
    } catch (error) {
      // Two requests with one key raced past the lookup; the unique index let one through.
      if (input.idempotencyKey && isUniqueViolation(error)) {
        const existing = await this.findByIdempotencyKey(principal, input.idempotencyKey, requestHash);
        if (existing) return { run: existing, created: false };
      }
      throw error;
    }
  }

  async get(principal: Principal, rawInput: unknown): Promise<RunView> {
    const { runId } = parseInput(runIdInputSchema, rawInput);
    const row = await this.database.prisma.run.findFirst({ where: { id: runId, tenantId: principal.tenantId }, select: runViewSelect });
    if (!row) throw new DomainError('not-found', `Run ${runId} not found`, 'runId');
    return toRunView(row);
  }

  /**
   * Newest first (by queue time), filtered by status, agent, thread, time window and search text;
   * `nextCursor` is the last run id of this page when another page follows.
   */
  async list(principal: Principal, rawInput: ListRunsInput): Promise<{ runs: RunView[]; nextCursor: string | null }> {
    const input = parseInput(listRunsInputSchema, rawInput);
    const { prisma } = this.database;
    const ids = await selectRunPage(prisma, principal.tenantId, input);
    const pageIds = ids.slice(0, input.limit);
    const rows = await prisma.run.findMany({ where: { id: { in: pageIds }, tenantId: principal.tenantId }, select: runViewSelect });
    const rowsById = new Map(rows.map((row) => [row.id, row]));
    // A run erased between the two reads is simply missing from the page.
    const runs = pageIds.flatMap((id) => {
      const row = rowsById.get(id);
      return row ? [toRunView(row)] : [];
    });
    return { runs, nextCursor: ids.length > input.limit ? (pageIds.at(-1) ?? null) : null };
  }

  async cancel(principal: Principal, rawInput: unknown): Promise<RunView> {
    const { runId } = parseInput(runIdInputSchema, rawInput);
    await cancelRun(this.database, principal, runId);
    return this.get(principal, { runId });
  }

  /** A failed or cancelled run tried again as a new run (ADR 0029); `created: false` when it was retried before. */
  async retry(principal: Principal, rawInput: unknown): Promise<CreatedRun> {
    const { runId, created } = await retryRun(this.database, principal, rawInput);
    if (created) this.onQueued();
    return { run: await this.get(principal, { runId }), created };
  }

  /** A run's input run again as a new run, on its version or another version of the agent (ADR 0029). */
  async rerun(principal: Principal, rawInput: unknown): Promise<RunView> {
    const { runId } = await rerunRun(this.database, principal, rawInput);
    this.onQueued();
    return this.get(principal, { runId });
  }

  /** Two runs of the tenant side by side, steps and tool calls aligned, usage differences right − left. */
  compare(principal: Principal, rawInput: unknown): Promise<RunComparison> {
    return compareRuns(this.database, principal, rawInput);
  }

  private async findByIdempotencyKey(principal: Principal, key: string, requestHash: string): Promise<RunView | undefined> {
    const row = await this.database.prisma.run.findUnique({
      where: { tenantId_idempotencyKey: { tenantId: principal.tenantId, idempotencyKey: key } },
      select: { ...runViewSelect, requestHash: true },
    });
    if (!row) return undefined;
    if (row.requestHash !== requestHash) {
      throw new DomainError('conflict', `Idempotency key "${key}" was already used with a different request body`, 'idempotencyKey');
    }
    return toRunView(row);
  }

  /** Validation reads first (versions are immutable), then one atomic statement writes the run. */
  private async insert(principal: Principal, input: CreateRunInput, requestHash: string): Promise<RunView> {
    const { prisma } = this.database;
    const agentVersion = await resolveAgentVersion(prisma, principal.tenantId, input);
    if (input.threadId) await assertThread(prisma, principal.tenantId, input.agentId, input.threadId);
    const runId = await insertRun(prisma, principal, { input, agentVersion, requestHash });
    return toRunView(await prisma.run.findUniqueOrThrow({ where: { id: runId }, select: runViewSelect }));
  }
}

async function resolveAgentVersion(transaction: PrismaReader, tenantId: string, input: CreateRunInput) {
  const agent = await transaction.agent.findFirst({ where: { id: input.agentId, tenantId }, select: { id: true, archivedAt: true } });
  if (!agent) throw new DomainError('not-found', `Agent ${input.agentId} not found`, 'agentId');
  if (agent.archivedAt) throw new DomainError('validation', `Agent ${input.agentId} is archived`, 'agentId');
  const version = await transaction.agentVersion.findFirst({
    where: { agentId: agent.id, ...(input.agentVersion ? { version: input.agentVersion } : {}) },
    orderBy: { version: 'desc' },
    select: { id: true, version: true },
  });
  if (!version) throw new DomainError('not-found', `Agent version ${input.agentVersion ?? 'latest'} not found`, 'agentVersion');
  return version;
}

async function assertThread(transaction: PrismaReader, tenantId: string, agentId: string, threadId: string): Promise<void> {
  const thread = await transaction.thread.findFirst({ where: { id: threadId, tenantId }, select: { agentId: true, archivedAt: true } });
  if (!thread) throw new DomainError('not-found', `Thread ${threadId} not found`, 'threadId');
  if (thread.agentId !== agentId) throw new DomainError('validation', `Thread ${threadId} belongs to another agent`, 'threadId');
  if (thread.archivedAt) throw new DomainError('validation', `Thread ${threadId} is archived`, 'threadId');
}

function hashRequest(input: CreateRunInput): string {
  const body = { agentId: input.agentId, agentVersion: input.agentVersion ?? null, threadId: input.threadId ?? null, input: input.input };
  return createHash('sha256').update(JSON.stringify(body)).digest('hex');
}

type PrismaReader = Pick<Prisma.TransactionClient, 'agent' | 'agentVersion' | 'thread'>;

/** P2002 from the Prisma API, or Postgres 23505 surfaced through a raw query (P2010). */
function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError)) return false;
  return error.code === 'P2002' || (error.code === 'P2010' && JSON.stringify(error.meta ?? {}).includes('23505'));
}
