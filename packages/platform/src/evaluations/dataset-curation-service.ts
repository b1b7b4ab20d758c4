import type { Database, Prisma } from '@agentloom/db';

import { assertRole } from '../auth/assert-role';
import type { Principal } from '../auth/roles';
import { recordAudit } from '../audit/record-audit';
import { DomainError } from '../errors/domain-error';
import type { RunService } from '../runs/run-service';
import { parseInput } from '../validation/parse-input';
import { addMatchingRunsInputSchema, caseRefInputSchema, updateCaseInputSchema } from './dataset-curation.schema';
import type { DatasetService } from './dataset-service';
import type { DatasetView } from './dataset-view';
import { datasetRefSchema } from './evaluation.schema';
import { listDatasetExperiments, type ExperimentListItem } from './list-dataset-experiments';

/** A case as the dataset page edits it. */
export interface EditedCaseView {
  id: string;
  position: number;
  expectedOutput: string | null;
  labels: string[];
  /** The dataset version this edit made. */
  datasetVersion: number;
}

/** Runs the list pages through at most, looking for finished ones (a filter matching mostly live runs stops here). */
const maximumScannedRuns = 2_000;

/**
 * What the console does to a dataset besides recording runs and importing JSONL: edit a case's
 * expected output and labels, delete a case nobody replayed yet, add every finished run a runs-list
 * filter matches, and list the experiments that replayed it. Every change bumps the dataset version
 * under the same row lock as `DatasetService` additions, so versions stay gap-free.
 */
export class DatasetCurationService {
  constructor(
    private readonly database: Database,
    private readonly datasets: DatasetService,
    private readonly runs: RunService,
  ) {}

  async updateCase(principal: Principal, rawInput: unknown): Promise<EditedCaseView> {
    assertRole(principal, 'operator', 'Editing a dataset case');
    const input = parseInput(updateCaseInputSchema, rawInput);
    return this.changeCase(principal, input.name, input.caseId, async (transaction, testCase, version) => {
      const data: Prisma.EvalCaseUpdateInput = {};
      if (input.expectedOutput !== undefined) data.expectedOutput = input.expectedOutput;
      if (input.labels !== undefined) data.labels = [...new Set(input.labels)];
      const updated = await transaction.evalCase.update({
        where: { id: testCase.id },
        data,
        select: { id: true, position: true, expectedOutput: true, labels: true },
      });
      // The audit entry says which fields changed, not their text (an expected output can quote the run).
      await recordAudit(transaction, principal, {
        action: 'dataset.update-case',
        targetType: 'dataset',
        targetId: testCase.datasetId,
        after: { version, caseId: testCase.id, fields: Object.keys(data) },
      });
      return { ...updated, datasetVersion: version };
    });
  }

  /**
   * Deletes a case no experiment has replayed. A replayed case is refused: deleting it would take its
   * results out of experiments that already reported them (their summaries would no longer add up).
   */
  async deleteCase(principal: Principal, rawInput: unknown): Promise<DatasetView> {
    assertRole(principal, 'operator', 'Deleting a dataset case');
    const input = parseInput(caseRefInputSchema, rawInput);
    await this.changeCase(principal, input.name, input.caseId, async (transaction, testCase, version) => {
      const replays = await transaction.evalResult.count({ where: { caseId: testCase.id } });
      if (replays > 0) {
        throw new DomainError(
          'conflict',
          `Case ${testCase.position} was replayed by ${replays} experiment result(s); deleting it would change their reported results`,
          'caseId',
        );
      }
      await transaction.evalCase.delete({ where: { id: testCase.id } });
      await recordAudit(transaction, principal, {
        action: 'dataset.delete-case',
        targetType: 'dataset',
        targetId: testCase.datasetId,
        after: { version, caseId: testCase.id, position: testCase.position },
      });
    });
    return this.datasets.get(principal, { name: input.name });
  }

  /** Records every finished run (succeeded or failed, replays excluded) the filter matches, newest first. */
  async addMatchingRuns(principal: Principal, rawInput: unknown): Promise<DatasetView> {
    assertRole(principal, 'operator', 'Adding runs to a dataset');
    const input = parseInput(addMatchingRunsInputSchema, rawInput);
    if (input.filter.status !== undefined && input.filter.status !== 'succeeded' && input.filter.status !== 'failed') {
      throw new DomainError(
        'validation',
        `filter.status: only finished runs (succeeded or failed) can become cases, not ${input.filter.status}`,
        'filter.status',
      );
    }
    // The dataset is looked up first: another tenant's dataset name answers 404, whatever the filters match.
    const dataset = await this.database.prisma.evalDataset.findUnique({
      where: { tenantId_name: { tenantId: principal.tenantId, name: input.name } },
      select: { id: true },
    });
    if (!dataset) throw new DomainError('not-found', `Dataset "${input.name}" not found`, 'name');
    const runIds: string[] = [];
    let cursor: string | undefined;
    for (let scanned = 0; scanned < maximumScannedRuns && runIds.length < input.limit;) {
      const page = await this.runs.list(principal, { ...input.filter, limit: 200, ...(cursor ? { cursor } : {}) });
      scanned += page.runs.length;
      const finished = page.runs.filter((run) => run.status === 'succeeded' || run.status === 'failed').map((run) => run.id);
      // A replay is a run of an experiment, not a recording of real traffic.
      const replays = new Set(
        (await this.database.prisma.evalResult.findMany({ where: { runId: { in: finished } }, select: { runId: true } })).map((row) => row.runId),
      );
      runIds.push(...finished.filter((runId) => !replays.has(runId)).slice(0, input.limit - runIds.length));
      if (page.nextCursor === null) break;
      cursor = page.nextCursor;
    }
    if (runIds.length === 0) throw new DomainError('validation', 'filter: no finished run (succeeded or failed) matches these filters', 'filter');
    return this.datasets.addRuns(principal, {
      name: input.name,
      runIds,
      labels: input.labels,
      ...(input.expectedOutput !== undefined ? { expectedOutput: input.expectedOutput } : {}),
    });
  }

  /** The experiments that replayed the dataset, newest first, with their progress. */
  async experiments(principal: Principal, rawInput: unknown): Promise<ExperimentListItem[]> {
    const { name } = parseInput(datasetRefSchema, rawInput);
    const dataset = await this.database.prisma.evalDataset.findUnique({
      where: { tenantId_name: { tenantId: principal.tenantId, name } },
      select: { id: true },
    });
    if (!dataset) throw new DomainError('not-found', `Dataset "${name}" not found`, 'name');
    return listDatasetExperiments(this.database, principal.tenantId, dataset.id);
  }

  /** Locks the dataset row, finds the case in it, runs `change` and bumps the version, in one transaction. */
  private async changeCase<Result>(
    principal: Principal,
    name: string,
    caseId: string,
    change: (transaction: Prisma.TransactionClient, testCase: { id: string; datasetId: string; position: number }, nextVersion: number) => Promise<Result>,
  ): Promise<Result> {
    return this.database.prisma.$transaction(async (transaction) => {
      const locked = await transaction.$queryRaw<
        { id: string; version: number }[]
      >`SELECT id, version FROM eval_datasets WHERE tenant_id = ${principal.tenantId}::uuid AND name = ${name} FOR UPDATE`;
      const dataset = locked[0];
      if (!dataset) throw new DomainError('not-found', `Dataset "${name}" not found`, 'name');
      const testCase = await transaction.evalCase.findFirst({
        where: { id: caseId, datasetId: dataset.id },
        select: { id: true, datasetId: true, position: true },
      });
      if (!testCase) throw new DomainError('not-found', `Dataset "${name}" has no case ${caseId}`, 'caseId');
      const nextVersion = dataset.version + 1;
      const result = await change(transaction, testCase, nextVersion);
      await transaction.evalDataset.update({ where: { id: dataset.id }, data: { version: nextVersion } });
      return result;
    });
  }
}
