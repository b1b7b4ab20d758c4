import type { Database, Prisma } from '@agentloom/db';

import { assertRole } from '../auth/assert-role';
import type { Principal } from '../auth/roles';
import { recordAudit } from '../audit/record-audit';
import { DomainError } from '../errors/domain-error';
import { holdEraseFenceShared } from '../erase/erase-fence';
import { parseInput } from '../validation/parse-input';
import { isUniqueViolation } from '../runs/unique-violation';
import { addRunsInputSchema, createDatasetInputSchema, datasetRefSchema, importCasesInputSchema } from './evaluation.schema';
import { parseJsonlCases } from './parse-jsonl-cases';
import { recordCaseFromRun, type RecordedCase } from './record-case-from-run';
import { toDatasetView, type DatasetView } from './dataset-view';

/**
 * Named, versioned datasets of replayable cases. Every change to a dataset's cases (runs added, a
 * JSONL import) is one transaction that adds the cases under the next dataset version, so an
 * experiment can say which version it replayed.
 */
export class DatasetService {
  constructor(private readonly database: Database) {}

  async create(principal: Principal, rawInput: unknown): Promise<DatasetView> {
    assertRole(principal, 'operator', 'Creating a dataset');
    const input = parseInput(createDatasetInputSchema, rawInput);
    try {
      const dataset = await this.database.prisma.$transaction(async (transaction) => {
        const created = await transaction.evalDataset.create({
          data: { tenantId: principal.tenantId, ...input },
          include: { _count: { select: { cases: true } } },
        });
        await recordAudit(transaction, principal, {
          action: 'dataset.create',
          targetType: 'dataset',
          targetId: created.id,
          after: { name: input.name, unmatchedToolPolicy: input.unmatchedToolPolicy },
        });
        return created;
      });
      return toDatasetView(dataset);
    } catch (error) {
      if (isUniqueViolation(error)) throw new DomainError('conflict', `A dataset named "${input.name}" already exists`, 'name');
      throw error;
    }
  }

  async list(principal: Principal): Promise<DatasetView[]> {
    const rows = await this.database.prisma.evalDataset.findMany({
      where: { tenantId: principal.tenantId },
      orderBy: { name: 'asc' },
      include: { _count: { select: { cases: true } } },
    });
    return rows.map(toDatasetView);
  }

  /** The dataset with its cases (without their recordings, which `getCase`-style reads can add later). */
  async get(principal: Principal, rawInput: unknown) {
    const { name } = parseInput(datasetRefSchema, rawInput);
    const row = await this.database.prisma.evalDataset.findUnique({
      where: { tenantId_name: { tenantId: principal.tenantId, name } },
      include: {
        _count: { select: { cases: true } },
        cases: {
          orderBy: { position: 'asc' },
          select: {
            id: true,
            position: true,
            addedInVersion: true,
            sourceRunId: true,
            input: true,
            finalOutput: true,
            expectedOutput: true,
            labels: true,
            toolResults: true,
            feedback: true,
          },
        },
      },
    });
    if (!row) throw new DomainError('not-found', `Dataset "${name}" not found`, 'name');
    return {
      ...toDatasetView(row),
      cases: row.cases.map(({ toolResults, ...rest }) => ({ ...rest, toolCallCount: Array.isArray(toolResults) ? toolResults.length : 0 })),
    };
  }

  /** Records finished runs as cases, in the order given, under the next dataset version. */
  async addRuns(principal: Principal, rawInput: unknown): Promise<DatasetView> {
    assertRole(principal, 'operator', 'Adding runs to a dataset');
    const input = parseInput(addRunsInputSchema, rawInput);
    return this.addCases(principal, input.name, 'dataset.add-runs', async (transaction) => {
      const cases: (RecordedCase & { expectedOutput: string | null; labels: string[] })[] = [];
      for (const runId of input.runIds)
        cases.push({
          ...(await recordCaseFromRun(transaction, principal.tenantId, runId)),
          expectedOutput: input.expectedOutput ?? null,
          labels: input.labels,
        });
      return cases;
    });
  }

  /** Hand-written cases from JSON Lines (one case per line); a bad line names its line number and field. */
  async importCases(principal: Principal, rawInput: unknown): Promise<DatasetView> {
    assertRole(principal, 'operator', 'Importing dataset cases');
    const input = parseInput(importCasesInputSchema, rawInput);
    const cases = parseJsonlCases(input.jsonl);
    return this.addCases(principal, input.name, 'dataset.import', () =>
      Promise.resolve(
        cases.map((handWritten) => ({
          sourceRunId: null,
          input: handWritten.input,
          threadContext: handWritten.threadContext,
          memoryInjections: handWritten.memoryInjections,
          toolResults: handWritten.toolResults,
          transcript: [],
          recordedMetrics: { steps: 0, inputTokens: 0, outputTokens: 0, costUsd: 0, latencyMs: null, toolCalls: handWritten.toolResults.length },
          finalOutput: null,
          feedback: handWritten.feedback,
          expectedOutput: handWritten.expectedOutput ?? null,
          labels: handWritten.labels,
        })),
      ),
    );
  }

  private async addCases(
    principal: Principal,
    name: string,
    action: string,
    build: (
      transaction: Prisma.TransactionClient,
    ) => Promise<(Omit<RecordedCase, 'sourceRunId'> & { sourceRunId: string | null; expectedOutput: string | null; labels: string[] })[]>,
  ): Promise<DatasetView> {
    const dataset = await this.database.prisma.$transaction(
      async (transaction) => {
        // A case copies its source run and what that run copied from others (thread turns, memory). An
        // erase of one of those, committed while this transaction read them, would miss the case and
        // leave the copy: with the erase fence (ADR 0040) either this commits first and the erase finds
        // the case, or the erase does and this reads what it left. First, before any row lock (a
        // tenant erase deletes datasets).
        await holdEraseFenceShared(transaction, principal.tenantId);
        // The row lock serializes concurrent additions: positions and versions stay gap-free.
        const locked = await transaction.$queryRaw<
          { id: string; version: number }[]
        >`SELECT id, version FROM eval_datasets WHERE tenant_id = ${principal.tenantId}::uuid AND name = ${name} FOR UPDATE`;
        const current = locked[0];
        if (!current) throw new DomainError('not-found', `Dataset "${name}" not found`, 'name');
        const cases = await build(transaction);
        const last = await transaction.evalCase.aggregate({ where: { datasetId: current.id }, _max: { position: true } });
        const nextVersion = current.version + 1;
        const start = (last._max.position ?? 0) + 1;
        await transaction.evalCase.createMany({
          data: cases.map((recorded, offset) => ({
            tenantId: principal.tenantId,
            datasetId: current.id,
            position: start + offset,
            addedInVersion: nextVersion,
            sourceRunId: recorded.sourceRunId,
            input: recorded.input,
            threadContext: recorded.threadContext,
            memoryInjections: recorded.memoryInjections,
            toolResults: recorded.toolResults as Prisma.InputJsonValue,
            transcript: recorded.transcript as Prisma.InputJsonValue,
            recordedMetrics: recorded.recordedMetrics,
            finalOutput: recorded.finalOutput,
            expectedOutput: recorded.expectedOutput,
            labels: recorded.labels,
            feedback: recorded.feedback,
          })),
        });
        const updated = await transaction.evalDataset.update({
          where: { id: current.id },
          data: { version: nextVersion },
          include: { _count: { select: { cases: true } } },
        });
        // By reference: the audit entry names the source runs, it does not copy their content.
        await recordAudit(transaction, principal, {
          action,
          targetType: 'dataset',
          targetId: current.id,
          after: { version: nextVersion, cases: cases.length, sourceRunIds: cases.flatMap((recorded) => (recorded.sourceRunId ? [recorded.sourceRunId] : [])) },
        });
        return updated;
        // Recording reads each source run in full inside the transaction (behind the erase fence):
        // a batch of runs on a loaded server outlasted Prisma's default 5 s (P2028 in bench/replay).
      },
      { timeout: 120_000 },
    );
    return toDatasetView(dataset);
  }
}
