/** A case as `datasets.get` lists it (its recordings stay on the server). */
export interface DatasetCase {
  id: string;
  position: number;
  addedInVersion: number;
  sourceRunId: string | null;
  input: string;
  finalOutput: string | null;
  expectedOutput: string | null;
  labels: string[];
  toolCallCount: number;
}
