import type { Database } from '@agentloom/db';

import { recordAudit } from '../audit/record-audit';
import { assertRole } from '../auth/assert-role';
import type { Principal } from '../auth/roles';
import { DomainError } from '../errors/domain-error';
import { cancelRunInTransaction } from '../runs/cancel-run';
import { isUniqueViolation } from '../runs/unique-violation';
import { parseInput } from '../validation/parse-input';
import {
  batchIdInputSchema,
  batchItemsInputSchema,
  exportBatchInputSchema,
  itemText,
  listBatchesInputSchema,
  submitBatchInputSchema,
  submitBatchJsonlInputSchema,
} from './batch.schema';
import { findBatchByIdempotencyKey, hashBatchRequest } from './batch-idempotency';
import { describeBatchLineError, parseBatchLines } from './batch-jsonl';
import { exportLines, type BatchExportFormat } from './batch-export';
import { cancelQueuedItems, completeIfSettled, countItems, insertBatchRuns, insertRetryRuns, lockBatchAgent, reopenBatch, selectItems } from './batch-sql';
import { batchViewSelect, toBatchItem, toBatchView, type BatchItem, type BatchView } from './batch-view';

export interface SubmittedBatch {
  batch: BatchView;
  /** False when an earlier submit with the same idempotency key created it. */
  created: boolean;
}

/** Items read per export page: a few hundred outputs in memory at a time, however large the batch. */
const exportPageSize = 200;

interface BatchWrite {
  agentId: string;
  version: { id: string; version: number };
  name: string;
  concurrency: number;
  texts: string[];
  idempotencyKey?: string | undefined;
  requestHash: string;
}

/**
 * Batches (ADR 0049): N inputs of one agent version submitted at once, at most `concurrency` of
 * them running at a time (the claim enforces it), with progress, partial results, cancel, retry
 * of failed items and export. Reads need the viewer role, changes the operator role.
 */
export class BatchService {
  constructor(private readonly database: Database) {}

  /** `submitOnce` for callers that need not tell a replay from a new batch (the console's forms). */
  async submit(principal: Principal, rawInput: unknown): Promise<BatchView> {
    return (await this.submitOnce(principal, rawInput)).batch;
  }

  /**
   * Validates every item first (a 4xx names the first bad item's index and field, and nothing is
   * written), then writes the batch, its runs and their events in one transaction whose runs are
   * one multi-row statement. With an `idempotencyKey` (ADR 0107) a repeated submit of the same body
   * returns the batch the first one created (`created: false`) and writes nothing; another body is
   * a `conflict` on `idempotencyKey`.
   */
  async submitOnce(principal: Principal, rawInput: unknown): Promise<SubmittedBatch> {
    assertRole(principal, 'operator', 'Submitting a batch');
    const input = parseInput(submitBatchInputSchema, rawInput);
    const texts = input.items.map(itemText);
    const requestHash = hashBatchRequest({ ...input, texts });
    const key = input.idempotencyKey;
    // A replay is answered before the agent is checked: it returns what the first request made, even
    // if the agent was archived since.
    const replayed = key ? await findBatchByIdempotencyKey(this.database, principal, key, requestHash) : undefined;
    if (replayed) return { batch: await this.get(principal, { batchId: replayed }), created: false };
    const { prisma } = this.database;
    const agent = await prisma.agent.findFirst({ where: { id: input.agentId, tenantId: principal.tenantId }, select: { id: true, archivedAt: true } });
    if (!agent) throw new DomainError('not-found', `Agent ${input.agentId} not found`, 'agentId');
    if (agent.archivedAt) throw new DomainError('conflict', `Agent ${input.agentId} is archived`, 'agentId');
    const version = await prisma.agentVersion.findFirst({
      where: { agentId: agent.id, ...(input.agentVersion ? { version: input.agentVersion } : {}) },
      orderBy: { version: 'desc' },
      select: { id: true, version: true },
    });
    if (!version) throw new DomainError('not-found', `Agent version ${input.agentVersion ?? 'latest'} not found`, 'agentVersion');
    let batchId: string;
    try {
      batchId = await this.write(principal, { ...input, texts, requestHash, agentId: agent.id, version });
    } catch (error) {
      // Two submits with one key raced past the lookup; the unique index let one through, and this one's
      // transaction rolled back whole (no batch, no runs). The winner has committed: answer with its batch.
      if (key && isUniqueViolation(error)) {
        const winner = await findBatchByIdempotencyKey(this.database, principal, key, requestHash);
        if (winner) return { batch: await this.get(principal, { batchId: winner }), created: false };
      }
      throw error;
    }
    return { batch: await this.get(principal, { batchId }), created: true };
  }

  /**
   * `submit` from a JSONL upload (the console's form): a bad line is a `validation` error on field
   * `jsonl` whose message names the line and its field, and nothing is written.
   */
  async submitJsonl(principal: Principal, rawInput: unknown): Promise<BatchView> {
    assertRole(principal, 'operator', 'Submitting a batch');
    const { jsonl, ...rest } = parseInput(submitBatchJsonlInputSchema, rawInput);
    const parsed = parseBatchLines(jsonl);
    if (!parsed.ok) throw new DomainError('validation', `jsonl: ${describeBatchLineError(parsed.error)}`, 'jsonl');
    return this.submit(principal, { ...rest, items: parsed.items });
  }

  async list(principal: Principal, rawInput: unknown = {}): Promise<{ batches: BatchView[] }> {
    assertRole(principal, 'viewer', 'Listing batches');
    const input = parseInput(listBatchesInputSchema, rawInput);
    const rows = await this.database.prisma.batch.findMany({
      where: { tenantId: principal.tenantId, ...(input.agentId ? { agentId: input.agentId } : {}) },
      orderBy: { createdAt: 'desc' },
      take: input.limit,
      select: batchViewSelect,
    });
    return { batches: await Promise.all(rows.map(async (row) => toBatchView(row, await countItems(this.database.statements, row.id, principal.tenantId)))) };
  }

  /** The batch with its progress; the first read that finds every item ended marks it completed. */
  async get(principal: Principal, rawInput: unknown): Promise<BatchView> {
    assertRole(principal, 'viewer', 'Reading a batch');
    const { batchId } = parseInput(batchIdInputSchema, rawInput);
    const row = await this.findBatch(principal, batchId, this.database.prisma);
    const counts = await countItems(this.database.statements, batchId, principal.tenantId);
    const view = toBatchView(row, counts);
    if (view.status === 'completed' && !row.completedAt) {
      // Settled batches leave the claim's open-batch index; a retry re-opens the batch. The counts above
      // took no lock, so the completion re-checks under the batch row's lock (a retry may have reopened it).
      await this.database.prisma.$transaction((transaction) => completeIfSettled(transaction, batchId, principal.tenantId));
    }
    return view;
  }

  /** Items in index order with their current run: partial results are readable while the batch runs. */
  async items(principal: Principal, rawInput: unknown): Promise<{ items: BatchItem[]; nextAfter: number | null }> {
    assertRole(principal, 'viewer', 'Reading batch items');
    const input = parseInput(batchItemsInputSchema, rawInput);
    await this.findBatch(principal, input.batchId, this.database.prisma);
    const rows = await selectItems(this.database.statements, input.batchId, principal.tenantId, input);
    const last = rows.at(-1);
    return { items: rows.map(toBatchItem), nextAfter: rows.length === input.limit && last ? last.item : null };
  }

  /**
   * Every item with its current run, as JSONL or CSV text a page at a time: a batch of 10,000 items with
   * long outputs is streamed to the client, never held whole in the server's memory. The role, the
   * input and the batch are checked before the first page is read, so a bad request is an error, not a
   * broken download.
   */
  async export(principal: Principal, rawInput: unknown): Promise<AsyncGenerator<string>> {
    assertRole(principal, 'viewer', 'Exporting a batch');
    const { batchId, format } = parseInput(exportBatchInputSchema, rawInput);
    await this.findBatch(principal, batchId, this.database.prisma);
    return this.exportPages(principal.tenantId, batchId, format);
  }

  private async *exportPages(tenantId: string, batchId: string, format: BatchExportFormat): AsyncGenerator<string> {
    for (let after = -1; ; ) {
      const rows = await selectItems(this.database.statements, batchId, tenantId, { after, limit: exportPageSize });
      // The first page carries the CSV header, even for a batch with no items left to show.
      if (rows.length > 0 || after === -1) yield exportLines(rows.map(toBatchItem), format, after === -1);
      const last = rows.at(-1);
      if (rows.length < exportPageSize || !last) return;
      after = last.item;
    }
  }

  /**
   * Cancels the batch: from its commit on, the claim starts none of its items; queued items end at
   * once (in bulk), waiting and running ones — and queued ones with an open tool call from an earlier
   * attempt — as a single run cancel ends them.
   */
  async cancel(principal: Principal, rawInput: unknown): Promise<BatchView> {
    assertRole(principal, 'operator', 'Cancelling a batch');
    const { batchId } = parseInput(batchIdInputSchema, rawInput);
    await this.database.prisma.$transaction(
      async (transaction) => {
        const marked = await transaction.batch.updateMany({
          where: { id: batchId, tenantId: principal.tenantId, cancelledAt: null },
          data: { cancelledAt: new Date() },
        });
        if (marked.count === 0) {
          // Read on the transaction, never the root client: embedded PGlite is one session whose open
          // transaction holds it, so a root query here waits for a commit that waits for it (a hang
          // until the transaction's timeout).
          await this.findBatch(principal, batchId, transaction);
          throw new DomainError('conflict', `Batch ${batchId} is already cancelled`, 'batchId');
        }
        const cancelled = await cancelQueuedItems(transaction, batchId, principal.tenantId, principal.apiKeyName);
        // Queued items still here were put back by recovery, a drain or an erase restart with calls left
        // open: the single cancel closes those calls (`tool-call-abandoned` before `run-finished`).
        const active = await transaction.run.findMany({
          where: { batchId, tenantId: principal.tenantId, status: { in: ['queued', 'running', 'waiting', 'waiting_human'] }, cancelRequestedAt: null },
          select: { id: true },
        });
        for (const run of active) await cancelRunInTransaction(transaction, principal, run.id);
        await recordAudit(transaction, principal, {
          action: 'batch.cancel',
          targetType: 'batch',
          targetId: batchId,
          after: { queuedCancelled: cancelled, activeCancelled: active.length },
        });
      },
      { timeout: 120_000 },
    );
    return this.get(principal, { batchId });
  }

  /**
   * A new run for every item whose current run failed, linked to it; the batch's cap still holds.
   * @throws DomainError `conflict` on `batchId` when the batch is cancelled or its agent is archived
   *   (an archived agent starts no runs, as a single-run retry and a new batch are refused); nothing is written.
   */
  async retryFailed(principal: Principal, rawInput: unknown): Promise<{ batch: BatchView; retried: number }> {
    assertRole(principal, 'operator', 'Retrying a batch');
    const { batchId } = parseInput(batchIdInputSchema, rawInput);
    const retried = await this.database.prisma.$transaction(
      async (transaction) => {
        // Under the batch row's lock (reopenBatch); a refusal below rolls the reopening back.
        if (!(await reopenBatch(transaction, batchId, principal.tenantId))) {
          await this.findBatch(principal, batchId, transaction);
          throw new DomainError('conflict', `Batch ${batchId} is cancelled`, 'batchId');
        }
        const agent = await lockBatchAgent(transaction, batchId, principal.tenantId);
        if (agent?.archived) {
          throw new DomainError(
            'conflict',
            `Batch ${batchId} runs agent ${agent.agentId}, which is archived; unarchive it to retry the batch's failed items`,
            'batchId',
          );
        }
        const count = await insertRetryRuns(transaction, batchId, principal.tenantId);
        await recordAudit(transaction, principal, { action: 'batch.retry-failed', targetType: 'batch', targetId: batchId, after: { retried: count } });
        return count;
      },
      { timeout: 120_000 },
    );
    return { batch: await this.get(principal, { batchId }), retried };
  }

  /** The batch (with its key and request hash), its runs and the audit row, in one transaction. */
  private async write(principal: Principal, batch: BatchWrite): Promise<string> {
    return this.database.prisma.$transaction(
      async (transaction) => {
        const { id } = await transaction.batch.create({
          data: {
            tenantId: principal.tenantId,
            agentId: batch.agentId,
            agentVersionId: batch.version.id,
            name: batch.name,
            concurrency: batch.concurrency,
            itemCount: batch.texts.length,
            createdBy: principal.apiKeyName,
            idempotencyKey: batch.idempotencyKey ?? null,
            requestHash: batch.requestHash,
          },
          select: { id: true },
        });
        await insertBatchRuns(transaction, {
          batchId: id,
          tenantId: principal.tenantId,
          agentId: batch.agentId,
          agentVersionId: batch.version.id,
          agentVersion: batch.version.version,
          texts: batch.texts,
          firstItem: 0,
        });
        await recordAudit(transaction, principal, {
          action: 'batch.create',
          targetType: 'batch',
          targetId: id,
          after: { agentId: batch.agentId, agentVersion: batch.version.version, items: batch.texts.length, concurrency: batch.concurrency },
        });
        return id;
      },
      { timeout: 120_000 },
    );
  }

  /** `client` is explicit: inside a transaction it must be the transaction (see `cancel`). */
  private async findBatch(principal: Principal, batchId: string, client: Pick<Database['prisma'], 'batch'>) {
    const row = await client.batch.findFirst({ where: { id: batchId, tenantId: principal.tenantId }, select: batchViewSelect });
    if (!row) throw new DomainError('not-found', `Batch ${batchId} not found`, 'batchId');
    return row;
  }
}
