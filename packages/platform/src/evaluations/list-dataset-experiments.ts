import type { Database } from '@agentloom/db';

import type { ExperimentSummary } from './score-experiment';

/** One experiment in a dataset's list: what it replayed on, how far it got, and its aggregates once complete. */
export interface ExperimentListItem {
  id: string;
  datasetVersion: number;
  agentId: string;
  agentVersion: number;
  modelMode: string;
  /** `recorded`: memory reads served from the recorded injections; `live`: the tenant's memory at replay time. */
  memoryMode: string;
  status: 'running' | 'completed';
  baselineExperimentId: string | null;
  /** Cases in the experiment, and how many of them are scored (passed or failed). */
  cases: number;
  scored: number;
  summary: ExperimentSummary | null;
  createdAt: string;
  finishedAt: string | null;
}

/** How many experiments a dataset page lists (newest first). */
const listedExperiments = 100;

/**
 * The newest experiments of a dataset. Progress counts scored results; a running experiment's
 * finished replays are scored when the experiment itself is read, so its count can trail the runs.
 */
export async function listDatasetExperiments(database: Database, tenantId: string, datasetId: string): Promise<ExperimentListItem[]> {
  const { prisma } = database;
  const rows = await prisma.evalExperiment.findMany({
    where: { tenantId, datasetId },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: listedExperiments,
    select: { id: true, datasetVersion: true, agentVersion: true, modelMode: true, memoryMode: true, status: true, baselineExperimentId: true, summary: true, createdAt: true, finishedAt: true, version: { select: { agentId: true } } },
  });
  const counts = await prisma.evalResult.groupBy({ by: ['experimentId', 'status'], where: { experimentId: { in: rows.map((row) => row.id) } }, _count: { _all: true } });
  const progress = new Map<string, { cases: number; scored: number }>();
  for (const count of counts) {
    const entry = progress.get(count.experimentId) ?? { cases: 0, scored: 0 };
    entry.cases += count._count._all;
    if (count.status !== 'running') entry.scored += count._count._all;
    progress.set(count.experimentId, entry);
  }
  return rows.map((row) => ({
    id: row.id,
    datasetVersion: row.datasetVersion,
    agentId: row.version.agentId,
    agentVersion: row.agentVersion,
    modelMode: row.modelMode,
    memoryMode: row.memoryMode,
    status: row.status === 'completed' ? 'completed' : 'running',
    baselineExperimentId: row.baselineExperimentId,
    cases: progress.get(row.id)?.cases ?? 0,
    scored: progress.get(row.id)?.scored ?? 0,
    summary: (row.summary as ExperimentSummary | null) ?? null,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  }));
}
