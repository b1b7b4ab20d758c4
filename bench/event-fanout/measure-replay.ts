import { openEventStream } from '../../apps/console/test/support/event-stream-client';

export interface ReplayResult {
  events: number;
  /** Request sent → `run-finished` received, per repeat. */
  durationsMs: number[];
  /** The same log paged as JSON (`?format=json&limit=1000`), per repeat. */
  jsonPagingMs: number[];
}

/** Replays the prepared run from the start over SSE, and pages it as JSON, `repeats` times each. */
export async function measureReplay(baseUrl: string, adminKey: string, runId: string, repeats: number): Promise<ReplayResult> {
  const headers = { Authorization: `Bearer ${adminKey}` };
  const durationsMs: number[] = [];
  const jsonPagingMs: number[] = [];
  let events = 0;
  for (let repeat = 0; repeat < repeats; repeat += 1) {
    const started = performance.now();
    const connection = await openEventStream(`${baseUrl}/api/v1/runs/${runId}/events`, headers);
    if (connection.status !== 200) throw new Error(`The replay stream was refused: ${connection.status}`);
    let count = 0;
    for await (const frame of connection.frames) {
      count += 1;
      if ((JSON.parse(frame.data) as { type?: string }).type === 'run-finished') break;
    }
    durationsMs.push(performance.now() - started);
    connection.close();
    if (count === 0) throw new Error('The replay stream ended without events');
    events = count;
    jsonPagingMs.push(await pageAsJson(baseUrl, headers, runId));
  }
  return { events, durationsMs, jsonPagingMs };
}

async function pageAsJson(baseUrl: string, headers: Record<string, string>, runId: string): Promise<number> {
  const started = performance.now();
  let afterSeq: number | null = 0;
  while (afterSeq !== null) {
    const response = await fetch(`${baseUrl}/api/v1/runs/${runId}/events?format=json&limit=1000&afterSeq=${afterSeq}`, { headers });
    if (!response.ok) throw new Error(`Paging the events failed: ${response.status} ${await response.text()}`);
    const page = (await response.json()) as { nextAfterSeq: number | null };
    afterSeq = page.nextAfterSeq;
  }
  return performance.now() - started;
}
