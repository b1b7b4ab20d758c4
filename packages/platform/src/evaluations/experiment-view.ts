import type { Prisma } from '@agentloom/db';

import type { CaseScore } from './scoring/output-scorers';
import type { ExperimentSummary } from './score-experiment';

export const experimentViewSelect = {
  id: true,
  status: true,
  modelMode: true,
  memoryMode: true,
  datasetVersion: true,
  agentVersion: true,
  baselineExperimentId: true,
  scorers: true,
  summary: true,
  erasedCases: true,
  createdAt: true,
  finishedAt: true,
  dataset: { select: { name: true } },
  version: { select: { agentId: true } },
  results: {
    orderBy: { case: { position: 'asc' } },
    select: {
      caseId: true,
      runId: true,
      status: true,
      scores: true,
      deltas: true,
      firstDivergentCall: true,
      firstDivergentStep: true,
      regression: true,
      failureReason: true,
      case: { select: { position: true, input: true, sourceRunId: true } },
    },
  },
} satisfies Prisma.EvalExperimentSelect;

type ExperimentRow = Prisma.EvalExperimentGetPayload<{ select: typeof experimentViewSelect }>;

export interface ExperimentResultView {
  caseId: string;
  position: number;
  input: string;
  sourceRunId: string | null;
  runId: string;
  status: 'running' | 'passed' | 'failed';
  regression: boolean;
  firstDivergentCall: number | null;
  firstDivergentStep: number | null;
  failureReason: string | null;
  scores: CaseScore[];
  deltas: Record<string, unknown>;
}

export interface ExperimentView {
  id: string;
  dataset: string;
  datasetVersion: number;
  agentId: string;
  agentVersion: number;
  modelMode: string;
  /** `recorded`: memory reads served from the recorded injections; `live`: the tenant's memory at replay time. */
  memoryMode: string;
  status: 'running' | 'completed';
  baselineExperimentId: string | null;
  scorers: unknown[];
  summary: ExperimentSummary | null;
  /**
   * Cases whose replay runs erases removed (ADR 0104), counted when each erase commits. They are in
   * neither `results` nor a summary written after the erase; a summary written before it still counts
   * them. Above 0, the summary is not a verdict on every case the experiment started with.
   */
  erasedCases: number;
  createdAt: string;
  finishedAt: string | null;
  results: ExperimentResultView[];
}

export function toExperimentView(row: ExperimentRow): ExperimentView {
  return {
    id: row.id,
    dataset: row.dataset.name,
    datasetVersion: row.datasetVersion,
    agentId: row.version.agentId,
    agentVersion: row.agentVersion,
    modelMode: row.modelMode,
    memoryMode: row.memoryMode,
    status: row.status === 'completed' ? 'completed' : 'running',
    baselineExperimentId: row.baselineExperimentId,
    scorers: row.scorers as unknown[],
    summary: (row.summary as ExperimentSummary | null) ?? null,
    erasedCases: row.erasedCases,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    results: row.results.map((result) => ({
      caseId: result.caseId,
      position: result.case.position,
      input: result.case.input,
      sourceRunId: result.case.sourceRunId,
      runId: result.runId,
      status: result.status === 'passed' || result.status === 'failed' ? result.status : 'running',
      regression: result.regression,
      firstDivergentCall: result.firstDivergentCall,
      firstDivergentStep: result.firstDivergentStep,
      failureReason: result.failureReason,
      scores: result.scores as unknown as CaseScore[],
      deltas: result.deltas as Record<string, unknown>,
    })),
  };
}
