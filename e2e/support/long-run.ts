import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** The 10,000-step run written before the console started (playwright.config.ts → seed-long-runs.ts). */
export async function longRunId(): Promise<string> {
  const runIds = JSON.parse(await readFile(path.join(process.env.E2E_DATA_DIR ?? '', 'long-runs.json'), 'utf8')) as Record<string, string>;
  const runId = runIds['10000'];
  if (!runId) throw new Error('long-runs.json has no 10000-step run');
  return runId;
}
