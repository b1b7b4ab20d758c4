/** A dataset as clients see it. */
export interface DatasetView {
  id: string;
  name: string;
  description: string;
  version: number;
  unmatchedToolPolicy: string;
  caseCount: number;
  createdAt: string;
}

export function toDatasetView(row: { id: string; name: string; description: string; version: number; unmatchedToolPolicy: string; createdAt: Date; _count: { cases: number } }): DatasetView {
  return { id: row.id, name: row.name, description: row.description, version: row.version, unmatchedToolPolicy: row.unmatchedToolPolicy, caseCount: row._count.cases, createdAt: row.createdAt.toISOString() };
}
