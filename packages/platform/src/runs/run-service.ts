import { createHash } from 'node:crypto';

import type { Database } from '@agentloom/db';

import { assertRole } from '../auth/assert-role';
import type { Principal } from '../auth/roles';
import { DomainError } from '../errors/domain-error';
import { parseInput } from '../validation/parse-input';
import { cancelRun } from './cancel-run';
import { tenantPricedModels } from '../model-prices/tenant-priced-models';
import { resumeBudgetPause } from '../budgets/resume-budget-pause';
import { resumeBudgetPauseInputSchema } from '../budgets/budget.schema';
import { compareRuns, type RunComparison } from './compare-runs';
import { forkRun } from './fork-run';
import { insertRun } from './insert-run';
import { isUniqueViolation } from './unique-violation';
import { rerunRun } from './rerun-run';
import { retryRun } from './retry-run';
import { createRunInputSchema, listRunsInputSchema, runIdInputSchema, type CreateRunInput, type ListRunsInput } from './run.schema';
import { insertedRunViewRow, runViewSelect, toRunView, type RunView } from './run-view';
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
    /** Called when this service ended a run itself (a cancel of a queued or waiting run), for the outcome counter. */
    private readonly onFinished: (status: string) => void = () => undefined,
  ) {}

  async create(principal: Principal, rawInput: unknown): Promise<CreatedRun> {
    assertRole(principal, 'operator', 'Starting a run');
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
    return toRunView(row, await tenantPricedModels(this.database.prisma, principal.tenantId));
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
    const [rows, tenantPriced] = await Promise.all([
      prisma.run.findMany({ where: { id: { in: pageIds }, tenantId: principal.tenantId }, select: runViewSelect }),
      tenantPricedModels(prisma, principal.tenantId),
    ]);
    const rowsById = new Map(rows.map((row) => [row.id, row]));
    // A run erased between the two reads is simply missing from the page.
    const runs = pageIds.flatMap((id) => {
      const row = rowsById.get(id);
      return row ? [toRunView(row, tenantPriced)] : [];
    });
    return { runs, nextCursor: ids.length > input.limit ? (pageIds.at(-1) ?? null) : null };
  }

  async cancel(principal: Principal, rawInput: unknown): Promise<RunView> {
    assertRole(principal, 'operator', 'Cancelling a run');
    const { runId } = parseInput(runIdInputSchema, rawInput);
    const { ended } = await cancelRun(this.database, principal, runId);
    if (ended) this.onFinished('cancelled');
    return this.get(principal, { runId });
  }

  /** Resumes a run paused by a spent budget once the budget has room again (ADR 0057); 409 when it has none or the run is not paused. */
  async resumeBudgetPause(principal: Principal, rawInput: unknown): Promise<RunView> {
    assertRole(principal, 'operator', 'Resuming a run');
    const { runId, budget } = parseInput(resumeBudgetPauseInputSchema, rawInput);
    await resumeBudgetPause(this.database, principal, runId, budget);
    return this.get(principal, { runId });
  }

  /** A failed or cancelled run tried again as a new run (ADR 0029); `created: false` when it was retried before. */
  async retry(principal: Principal, rawInput: unknown): Promise<CreatedRun> {
    assertRole(principal, 'operator', 'Retrying a run');
    const { runId, created } = await retryRun(this.database, principal, rawInput);
    if (created) this.onQueued();
    return { run: await this.get(principal, { runId }), created };
  }

  /** A run's input run again as a new run, on its version or another version of the agent (ADR 0029). */
  async rerun(principal: Principal, rawInput: unknown): Promise<RunView> {
    assertRole(principal, 'operator', 'Re-running a run');
    const { runId } = await rerunRun(this.database, principal, rawInput);
    this.onQueued();
    return this.get(principal, { runId });
  }

  /** A new run starting from one step's checkpoint and transcript of another, optionally edited (ADR 0032). */
  async fork(principal: Principal, rawInput: unknown): Promise<RunView> {
    const { runId } = await forkRun(this.database, principal, rawInput);
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

  /** One statement validates (agent, version, thread) and writes the run; see insertRun. */
  private async insert(principal: Principal, input: CreateRunInput, requestHash: string): Promise<RunView> {
    return toRunView(insertedRunViewRow(await insertRun(this.database.statements, principal, { input, requestHash })));
  }
}

function hashRequest(input: CreateRunInput): string {
  // The budget joins the hash only when set, so keys stored before budgets existed still match their requests.
  const body = {
    agentId: input.agentId,
    agentVersion: input.agentVersion ?? null,
    threadId: input.threadId ?? null,
    input: input.input,
    ...(input.budget ? { budget: input.budget } : {}),
  };
  return createHash('sha256').update(JSON.stringify(body)).digest('hex');
}
