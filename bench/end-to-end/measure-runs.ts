import { apiClient, type ApiClient } from '../../apps/console/test/support/api-client';
import { openEventStream } from '../../apps/console/test/support/event-stream-client';
import { eventData } from '../../apps/console/test/support/run-event-frames';
import { percentile } from '../dispatch/statistics';

export interface ScenarioResult {
  runs: number;
  runsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** The slowest runs, slowest first, with the client's wall clock around them (for `slowRunHops`). */
  slowest: CompletedRun[];
  /** Every run, in the order they completed (for `lastHopsMs`). */
  completed: CompletedRun[];
}

export interface CompletedRun {
  runId: string;
  ms: number;
  /** Date.now() just before the POST, and when `run-finished` arrived. */
  postedAt: number;
  finishedSeenAt: number;
}

export interface BenchTarget {
  baseUrl: string;
  adminKey: string;
  agentId: string;
}

/**
 * One run through the whole stack as a client sees it: POST /api/v1/runs, then the run's SSE
 * stream until `run-finished`. Returns ms from just before the POST to the arrival of
 * `run-finished`. Any non-2xx answer, a stream that ends without `run-finished`, or a run that does
 * not succeed fails the bench: a refused request is a failure, never a data point.
 */
export async function completeOneRun(target: BenchTarget, api: ApiClient, input: string): Promise<CompletedRun> {
  const postedAt = Date.now();
  const started = performance.now();
  const created = await api<{ id?: string }>('POST', '/api/v1/runs', { body: { agentId: target.agentId, input } });
  if (created.status < 200 || created.status >= 300 || !created.body.id) throw new Error(`POST /api/v1/runs answered ${created.status}: ${JSON.stringify(created.body)}`);
  const runId = created.body.id;
  const stream = await openEventStream(`${target.baseUrl}/api/v1/runs/${runId}/events`, { Authorization: `Bearer ${target.adminKey}` });
  if (stream.status !== 200) {
    stream.close();
    throw new Error(`GET /api/v1/runs/${runId}/events answered ${stream.status}: ${await stream.response.text().catch(() => '')}`);
  }
  try {
    for await (const frame of stream.frames) {
      const event = eventData(frame);
      if (event.type !== 'run-finished') continue;
      const ms = performance.now() - started;
      if (event.payload['status'] !== 'succeeded') throw new Error(`Run ${runId} ended ${String(event.payload['status'])}: ${JSON.stringify(event.payload)}`);
      return { runId, ms, postedAt, finishedSeenAt: Date.now() };
    }
  } finally {
    stream.close();
  }
  throw new Error(`The event stream of run ${runId} ended without run-finished`);
}

/** Warm-up runs; the first also proves the agent runs as intended (model → tool → model: 2 engine steps, 1 tool call). */
export async function warmUp(target: BenchTarget, count: number): Promise<void> {
  const api = apiClient(target.baseUrl, target.adminKey);
  for (let index = 0; index < count; index += 1) {
    const { runId } = await completeOneRun(target, api, `warm-up ${index}`);
    if (index > 0) continue;
    const run = await api<{ usage?: { steps: number; toolCalls: number } }>('GET', `/api/v1/runs/${runId}`);
    if (run.status !== 200) throw new Error(`GET /api/v1/runs/${runId} answered ${run.status}`);
    const { steps, toolCalls } = run.body.usage ?? { steps: -1, toolCalls: -1 };
    if (steps !== 2 || toolCalls !== 1) throw new Error(`The scripted agent ran ${steps} engine steps and ${toolCalls} tool calls, not 2 and 1`);
  }
}

/**
 * Closed loop: `clients` clients each create a run, wait for its `run-finished`, and go again,
 * until `runs` runs have completed. Runs/s = runs ÷ wall time; latency per run as above.
 */
export async function measureThroughput(target: BenchTarget, runs: number, clients: number): Promise<ScenarioResult> {
  const api = apiClient(target.baseUrl, target.adminKey);
  const completed: CompletedRun[] = [];
  let next = 0;
  const started = performance.now();
  const client = async () => {
    while (next < runs) {
      const index = next;
      next += 1;
      completed.push(await completeOneRun(target, api, `throughput ${index}`));
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  const elapsedMs = performance.now() - started;
  return summarize(completed, elapsedMs);
}

function summarize(completed: CompletedRun[], elapsedMs: number): ScenarioResult {
  const latencies = completed.map((run) => run.ms);
  const slowest = [...completed].sort((left, right) => right.ms - left.ms).slice(0, 3);
  return { runs: completed.length, runsPerSecond: (completed.length / elapsedMs) * 1000, p50Ms: percentile(latencies, 50), p99Ms: percentile(latencies, 99), slowest, completed };
}

/** Open loop: runs created on a fixed schedule (not back to back), each followed to `run-finished`. */
export async function measureLatency(target: BenchTarget, runs: number, ratePerSecond: number): Promise<ScenarioResult> {
  const api = apiClient(target.baseUrl, target.adminKey);
  const started = performance.now();
  const pending: Promise<CompletedRun>[] = [];
  for (let index = 0; index < runs; index += 1) {
    const due = started + (index * 1000) / ratePerSecond;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
    pending.push(completeOneRun(target, api, `latency ${index}`));
  }
  const completed = await Promise.all(pending);
  return summarize(completed, performance.now() - started);
}

/** When each of the run's events was committed (its `createdAt`, the database's clock on the same machine as the client's). */
async function eventTimes(target: BenchTarget, runId: string): Promise<(type: string) => number> {
  const api = apiClient(target.baseUrl, target.adminKey);
  const answer = await api<{ events: { type: string; createdAt: string }[] }>('GET', `/api/v1/runs/${runId}/events?format=json&limit=1000`);
  if (answer.status !== 200) throw new Error(`GET /api/v1/runs/${runId}/events answered ${answer.status}`);
  return (type: string) => {
    const event = answer.body.events.find((candidate) => candidate.type === type);
    return event ? new Date(event.createdAt).getTime() : Number.NaN;
  };
}

/**
 * Where a slow run spent its time: POST → `run-created` (the create), → `run-started` (waiting for a claim),
 * → `run-finished` (the executor), → the client saw it (the stream).
 */
export async function slowRunHops(target: BenchTarget, run: CompletedRun): Promise<string> {
  const at = await eventTimes(target, run.runId);
  const [queued, started, finished] = [at('run-created'), at('run-started'), at('run-finished')];
  const hop = (from: number, to: number) => `${(to - from).toFixed(0)} ms`;
  return `${run.ms.toFixed(0)} ms: create ${hop(run.postedAt, queued)}, queued → started ${hop(queued, started)}, started → finished ${hop(started, finished)}, finished → client ${hop(finished, run.finishedSeenAt)}`;
}

/**
 * The last hop of every run: `run-finished` committed → the client saw it. A stream opens right after the
 * create, while the run may already be executing; a commit that raced its registration used to reach it only
 * through a settle read 100 ms (or 1 s) later (ADR 0091), and is now read as its writer commits (ADR 0098).
 */
export async function lastHopsMs(target: BenchTarget, runs: readonly CompletedRun[]): Promise<number[]> {
  const hops: number[] = [];
  for (const run of runs) hops.push(run.finishedSeenAt - (await eventTimes(target, run.runId))('run-finished'));
  return hops;
}
