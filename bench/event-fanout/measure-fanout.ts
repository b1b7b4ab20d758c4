import { apiClient, eventually, type ApiClient } from '../../apps/console/test/support/api-client';
import { openEventStream, type EventStreamConnection } from '../../apps/console/test/support/event-stream-client';
import { eventData } from '../../apps/console/test/support/run-event-frames';

export interface FanoutResult {
  subscribers: number;
  rounds: number;
  /** Commit → receipt, one sample per (event, subscriber). */
  latenciesMs: number[];
  /** Subscribers whose events were not exactly lastSeq+1 … run-finished, once each. */
  incompleteSubscribers: number;
}

/**
 * Per round: a `demo-operator` run pauses for approval; `subscribers` SSE clients connect after its
 * last event; the approval is decided over REST, and the run commits its remaining ≈ 10 events
 * (approval-decided … run-finished) while everyone listens. Latency = arrival in this process −
 * the event's `createdAt`, which the committing transaction stamps just before it commits (same
 * machine, same clock).
 */
export async function measureFanout(baseUrl: string, adminKey: string, operatorAgentId: string, subscribers: number, rounds: number): Promise<FanoutResult> {
  const api = apiClient(baseUrl, adminKey);
  const latenciesMs: number[] = [];
  let incompleteSubscribers = 0;
  for (let round = 0; round < rounds; round += 1) {
    const { runId, lastSeq, approvalId } = await pausedRun(api, operatorAgentId);
    const url = `${baseUrl}/api/v1/runs/${runId}/events`;
    const headers = { Authorization: `Bearer ${adminKey}`, 'Last-Event-ID': String(lastSeq) };
    const connections = await connectInWaves(subscribers, () => openEventStream(url, headers));
    // A refused stream (429, 503) is a failure of the bench, never a subscriber "with gaps".
    const refused = connections.filter((connection) => connection.status !== 200);
    if (refused.length > 0) {
      for (const connection of connections) connection.close();
      throw new Error(`${refused.length} of ${subscribers} streams were refused: ${[...new Set(refused.map((connection) => connection.status))].join(', ')}`);
    }
    const collecting = connections.map((connection) => collect(connection));
    // Each stream subscribes once its client has read the opening comment; give them time to.
    await new Promise((resolve) => setTimeout(resolve, 500 + subscribers * 2));
    const decided = await api('POST', `/api/v1/approvals/${approvalId}/decision`, { body: { decision: 'approve' } });
    if (decided.status !== 200) throw new Error(`Deciding failed: ${decided.status} ${JSON.stringify(decided.body)}`);
    const received = await withTimeout(Promise.all(collecting), 120_000);
    for (const events of received) {
      const complete =
        events.length > 0 && events.every((event, index) => event.seq === lastSeq + index + 1) && events[events.length - 1]?.type === 'run-finished';
      if (!complete) incompleteSubscribers += 1;
      for (const event of events) latenciesMs.push(event.receivedAt - Date.parse(event.createdAt));
    }
  }
  return { subscribers, rounds, latenciesMs, incompleteSubscribers };
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

/**
 * Opens the subscribers' streams `connectWave` at a time: what is measured is the fan-out of
 * commits to open streams, not a storm of 500 simultaneous connection setups (each authenticates
 * and checks access against the database; at once, on 2 loaded cores, they exhaust the pool and
 * are refused with 503 — which the bench reports as a failure rather than measuring around).
 */
async function connectInWaves<Connection>(count: number, connect: () => Promise<Connection>): Promise<Connection[]> {
  const connections: Connection[] = [];
  while (connections.length < count) {
    const wave = Math.min(connectWave, count - connections.length);
    connections.push(...(await Promise.all(Array.from({ length: wave }, connect))));
  }
  return connections;
}

const connectWave = 25;

/** The response, if 2xx; anything else stops the bench (a refused call measures nothing). */
export function expectOk<Response extends { status: number; body: unknown }>(response: Response, what: string): Response {
  if (response.status < 200 || response.status >= 300) throw new Error(`${what} failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response;
}

async function collect(connection: EventStreamConnection): Promise<{ seq: number; type: string; createdAt: string; receivedAt: number }[]> {
  const events: { seq: number; type: string; createdAt: string; receivedAt: number }[] = [];
  for await (const frame of connection.frames) {
    const receivedAt = Date.now();
    const data = eventData(frame);
    events.push({ seq: data.seq, type: data.type, createdAt: data.createdAt, receivedAt });
  }
  return events;
}

function withTimeout<Value>(promise: Promise<Value>, timeoutMs: number): Promise<Value> {
  return Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`Timed out after ${timeoutMs} ms`)), timeoutMs).unref())]);
}
