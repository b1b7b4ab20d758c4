import { apiClient, eventually, type ApiClient } from '../../apps/console/test/support/api-client';
import type { FanoutClient } from './bench-settings';
import { listenForRunEvents, type NotificationTimes } from './notification-times';
import { SplitSubscriberFleet } from './split-subscriber-fleet';

export interface FanoutResult {
  subscribers: number;
  rounds: number;
  /** Commit → receipt, one sample per (event, subscriber). */
  latenciesMs: number[];
  /** Subscribers whose events were not exactly lastSeq+1 … run-finished, once each. */
  incompleteSubscribers: number;
  /** Commit → receipt of `run-finished` only, one sample per (round, subscriber): the commit that also ends every stream. */
  runFinishedMs: number[];
  /** Per (round, event): first subscriber's receipt − createdAt. */
  firstMs: number[];
  /** Per event type: `firstMs`'s and `spreadMs`'s samples of that type (which commits are slow, and where fan-out is). */
  byTypeMs: Map<string, { first: number[]; spread: number[] }>;
  /** Per (round, event): last subscriber's receipt − first subscriber's receipt. */
  spreadMs: number[];
  /** Per (round, commit): NOTIFY heard by the bench's own LISTEN − createdAt (server mode only). */
  notifyMs: number[];
  /** The bench process's event-loop delay from the decision to the last frame (worst round's p99 and max, ms). */
  clientLoopDelayP99Ms: number;
  clientLoopDelayMaxMs: number;
  /** Per round: CPU time the bench process (its subscribers) used from the decision to the last frame. */
  clientCpuMs: number[];
  /** Per round: decision sent → last frame read, in µs of the monotonic clock (to cut a CPU profile). */
  windows: [number, number][];
  /** Per round, in order: its worst commit→client sample (one slow round sets the p99 of five). */
  roundMaxMs: number[];
  /** The same for the warm-up rounds, which are measured like the others and left out of every other figure. */
  warmupRoundMaxMs: number[];
}

export interface FanoutOptions {
  client: FanoutClient;
  /** Server mode: the bench LISTENs on the run-events channel too, to time commit → NOTIFY. */
  databaseUrl?: string;
  /**
   * Rounds run first and kept out of the figures but their worst sample: the console's and the
   * subscribers' first fan-out to this many streams runs code V8 has not optimised yet (bench/README,
   * event-fanout, session 23), as a long-running console does only once.
   */
  warmupRounds: number;
  /** Subscriber processes the streams are shared out over (split-subscriber-fleet.ts). */
  subscriberProcesses: number;
}

/**
 * Per round: a `demo-operator` run pauses for approval; `subscribers` SSE clients connect after its
 * last event; the approval is decided over REST, and the run commits its remaining ≈ 10 events
 * (approval-decided … run-finished) while everyone listens. Latency = arrival in this process −
 * the event's `createdAt`, which the committing transaction stamps just before it commits (same
 * machine, same clock).
 */
export async function measureFanout(
  baseUrl: string,
  adminKey: string,
  operatorAgentId: string,
  subscribers: number,
  rounds: number,
  options: FanoutOptions,
): Promise<FanoutResult> {
  const api = apiClient(baseUrl, adminKey);
  const result = emptyResult(subscribers, rounds);
  const fleet = await SplitSubscriberFleet.spawn(options.subscriberProcesses);
  try {
    for (let round = 0; round < options.warmupRounds; round += 1) {
      const warmup = emptyResult(subscribers, 1);
      await measureRound(api, fleet, baseUrl, adminKey, operatorAgentId, subscribers, options, warmup);
      result.warmupRoundMaxMs.push(...warmup.roundMaxMs);
    }
    for (let round = 0; round < rounds; round += 1) await measureRound(api, fleet, baseUrl, adminKey, operatorAgentId, subscribers, options, result);
  } finally {
    await fleet.stop();
  }
  return result;
}

function emptyResult(subscribers: number, rounds: number): FanoutResult {
  return {
    subscribers,
    rounds,
    latenciesMs: [],
    incompleteSubscribers: 0,
    runFinishedMs: [],
    firstMs: [],
    byTypeMs: new Map(),
    spreadMs: [],
    notifyMs: [],
    clientLoopDelayP99Ms: 0,
    clientLoopDelayMaxMs: 0,
    windows: [],
    clientCpuMs: [],
    roundMaxMs: [],
    warmupRoundMaxMs: [],
  };
}

async function measureRound(
  api: ApiClient,
  fleet: SplitSubscriberFleet,
  baseUrl: string,
  adminKey: string,
  operatorAgentId: string,
  subscribers: number,
  options: FanoutOptions,
  result: FanoutResult,
): Promise<void> {
  const { runId, lastSeq, approvalId } = await pausedRun(api, operatorAgentId);
  const url = `${baseUrl}/api/v1/runs/${runId}/events`;
  const headers = { Authorization: `Bearer ${adminKey}`, 'Last-Event-ID': String(lastSeq) };
  const statuses = await fleet.open(url, headers, subscribers, options.client);
  // A refused stream (429, 503) is a failure of the bench, never a subscriber "with gaps".
  const refused = statuses.filter((status) => status !== 200);
  if (refused.length > 0) {
    await fleet.closeAll();
    throw new Error(`${refused.length} of ${subscribers} streams were refused: ${[...new Set(refused)].join(', ')}`);
  }
  const notifications: NotificationTimes | undefined = options.databaseUrl ? await listenForRunEvents(options.databaseUrl, runId) : undefined;
  // Each stream subscribes once its client has read the opening comment; give them time to.
  await new Promise((resolve) => setTimeout(resolve, 500 + subscribers * 2));
  const { round: receipts } = await fleet.measure();
  const decidedAtMicroseconds = process.hrtime.bigint() / 1000n;
  const decided = await api('POST', `/api/v1/approvals/${approvalId}/decision`, { body: { decision: 'approve' } });
  if (decided.status !== 200) throw new Error(`Deciding failed: ${decided.status} ${JSON.stringify(decided.body)}`);
  const roundReceipts = await withTimeout(receipts, 120_000);
  const received = roundReceipts.received;
  result.clientCpuMs.push(roundReceipts.cpuMs);
  // CLOCK_MONOTONIC in µs, the clock of V8's CPU profiles: the fan-out window of the console's profile.
  result.windows.push([Number(decidedAtMicroseconds), roundReceipts.endedAtMicroseconds]);
  result.clientLoopDelayP99Ms = Math.max(result.clientLoopDelayP99Ms, roundReceipts.loopDelayP99Ms);
  result.clientLoopDelayMaxMs = Math.max(result.clientLoopDelayMaxMs, roundReceipts.loopDelayMaxMs);
  const heard = (await notifications?.stop()) ?? [];
  const bySeq = new Map<number, { type: string; createdAtMs: number; first: number; last: number }>();
  let roundMaxMs = 0;
  for (const events of received) {
    const complete =
      events.length > 0 && events.every((event, index) => event.seq === lastSeq + index + 1) && events[events.length - 1]?.type === 'run-finished';
    if (!complete) result.incompleteSubscribers += 1;
    for (const event of events) {
      result.latenciesMs.push(event.receivedAt - event.createdAtMs);
      roundMaxMs = Math.max(roundMaxMs, event.receivedAt - event.createdAtMs);
      if (event.type === 'run-finished') result.runFinishedMs.push(event.receivedAt - event.createdAtMs);
      const seen = bySeq.get(event.seq);
      if (!seen) bySeq.set(event.seq, { type: event.type, createdAtMs: event.createdAtMs, first: event.receivedAt, last: event.receivedAt });
      else {
        seen.first = Math.min(seen.first, event.receivedAt);
        seen.last = Math.max(seen.last, event.receivedAt);
      }
    }
  }
  result.roundMaxMs.push(roundMaxMs);
  for (const seen of bySeq.values()) {
    result.firstMs.push(seen.first - seen.createdAtMs);
    const ofType = result.byTypeMs.get(seen.type) ?? { first: [], spread: [] };
    ofType.first.push(seen.first - seen.createdAtMs);
    ofType.spread.push(seen.last - seen.first);
    result.byTypeMs.set(seen.type, ofType);
    result.spreadMs.push(seen.last - seen.first);
  }
  for (const notification of heard) {
    const createdAtMs = bySeq.get(notification.lastSeq)?.createdAtMs;
    if (createdAtMs !== undefined) result.notifyMs.push(notification.heardAt - createdAtMs);
  }
}

async function pausedRun(api: ApiClient, agentId: string): Promise<{ runId: string; lastSeq: number; approvalId: string }> {
  const created = expectOk(await api<{ id: string }>('POST', '/api/v1/runs', { body: { agentId, input: 'Notify on-call' } }), 'creating the run');
  const runId = created.body.id;
  const approvalId = await eventually(async () => {
    const page = expectOk(await api<{ approvals: { id: string }[] }>('GET', `/api/v1/approvals?runId=${runId}&status=pending`), 'listing approvals');
    const run = expectOk(await api<{ status: string }>('GET', `/api/v1/runs/${runId}`), 'reading the run');
    return run.body.status === 'waiting_human' ? page.body.approvals[0]?.id : undefined;
  });
  const events = expectOk(await api<{ events: { seq: number }[] }>('GET', `/api/v1/runs/${runId}/events?format=json&limit=1000`), 'paging the events');
  const lastSeq = events.body.events[events.body.events.length - 1]?.seq ?? 0;
  return { runId, lastSeq, approvalId };
}

/** The response, if 2xx; anything else stops the bench (a refused call measures nothing). */
export function expectOk<Response extends { status: number; body: unknown }>(response: Response, what: string): Response {
  if (response.status < 200 || response.status >= 300) throw new Error(`${what} failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response;
}

function withTimeout<Value>(promise: Promise<Value>, timeoutMs: number): Promise<Value> {
  return Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`Timed out after ${timeoutMs} ms`)), timeoutMs).unref())]);
}
