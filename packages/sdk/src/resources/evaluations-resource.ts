import { pathSegment } from '../path-segment.ts';
import type { Transport } from '../transport.ts';
import type { AddDatasetRunsInput, CreateDatasetInput, CreateExperimentInput, Dataset, DatasetDetail, Experiment } from '../types.ts';

/** Datasets of recorded cases and experiments replaying them against an agent version (ADR 0048). */
export function evaluationsResource(transport: Transport) {
  const datasetPath = (name: string) => `/api/v1/datasets/${pathSegment('name', name)}`;
  const getExperiment = async (experimentId: string): Promise<Experiment> => transport.json('GET', `/api/v1/experiments/${pathSegment('experimentId', experimentId)}`);
  return {
    listDatasets: async (): Promise<Dataset[]> => (await transport.json<{ datasets: Dataset[] }>('GET', '/api/v1/datasets')).datasets,
    createDataset: (input: CreateDatasetInput): Promise<Dataset> => transport.json('POST', '/api/v1/datasets', { body: input }),
    getDataset: async (name: string): Promise<DatasetDetail> => transport.json('GET', datasetPath(name)),
    /** Records finished runs as cases (operator key). */
    addRuns: async (name: string, input: AddDatasetRunsInput): Promise<Dataset> => transport.json('POST', `${datasetPath(name)}/runs`, { body: input }),
    /** Imports hand-written cases, one JSON object per line (operator key). */
    importCases: async (name: string, jsonl: string): Promise<Dataset> => transport.json('POST', `${datasetPath(name)}/cases`, { body: { jsonl } }),
    createExperiment: (input: CreateExperimentInput): Promise<Experiment> => transport.json('POST', '/api/v1/experiments', { body: input }),
    getExperiment,
    /** Reads the experiment until every case is scored (each read scores the replays that finished). */
    async waitForExperiment(experimentId: string, options: { intervalMs?: number; timeoutMs?: number; onProgress?: (experiment: Experiment) => void } = {}): Promise<Experiment> {
      const deadline = Date.now() + (options.timeoutMs ?? 30 * 60_000);
      for (;;) {
        const experiment = await getExperiment(experimentId);
        options.onProgress?.(experiment);
        if (experiment.status === 'completed') return experiment;
        if (Date.now() > deadline) throw new Error(`Experiment ${experimentId} was not complete after ${options.timeoutMs ?? 30 * 60_000} ms`);
        await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 500));
      }
    },
  };
}
