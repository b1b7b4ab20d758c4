import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, expect, it } from 'vitest';

import { apiClient, eventually, type ApiClient } from './support/api-client';
import { ensureConsoleBuild } from './support/console-build';
import { startConsole, type ConsoleProcess } from './support/console-process';
import { openEventStream, type EventStreamConnection } from './support/event-stream-client';
import { seedDataDirectory } from './support/seed-data-directory';

/**
 * Streams are not requests: SSE connections take a concurrent-stream slot per key
 * (AGENTLOOM_STREAMS_PER_KEY), never a token of the key's request budget. The console runs no
 * executor, so the run stays queued and its streams stay open until the test closes them; its
 * request bucket refills at one token a minute, so any token a stream took would show.
 */
interface ErrorBody {
  error: { kind: string; message: string };
}

const streamsPerKey = 3;
const burst = 4;
let dataDirectory: string;
let server: ConsoleProcess;
let viewer: ApiClient;
let viewerKey: string;
let runId: string;
const open: EventStreamConnection[] = [];

beforeAll(async () => {
  ensureConsoleBuild();
  dataDirectory = mkdtempSync(path.join(tmpdir(), 'agentloom-stream-limit-'));
  const seeded = await seedDataDirectory(dataDirectory);
  server = await startConsole({
    dataDirectory,
    environment: {
      AGENTLOOM_EXECUTOR: 'false',
      AGENTLOOM_STREAMS_PER_KEY: String(streamsPerKey),
      AGENTLOOM_RATE_LIMIT_PER_MINUTE: '1',
      AGENTLOOM_RATE_LIMIT_BURST: String(burst),
    },
  });
  const admin = apiClient(server.baseUrl, seeded.adminKey);
  const created = await admin<{ key: string }>('POST', '/api/v1/api-keys', { body: { name: 'dashboard', role: 'viewer' } });
  expect(created.status).toBe(201);
  viewerKey = created.body.key;
  viewer = apiClient(server.baseUrl, viewerKey);
  const run = await admin<{ id: string }>('POST', '/api/v1/runs', { body: { agentId: seeded.agentIds['demo-researcher'], input: 'stay queued' } });
  expect(run.status).toBe(201);
  runId = run.body.id;
}, 600_000);

afterAll(async () => {
  for (const connection of open) connection.close();
  await server?.stop();
  if (dataDirectory) rmSync(dataDirectory, { recursive: true, force: true });
});

function openStream(): Promise<EventStreamConnection> {
  return openEventStream(`${server.baseUrl}/api/v1/runs/${runId}/events`, { Authorization: `Bearer ${viewerKey}` }).then((connection) => {
    open.push(connection);
    return connection;
  });
}

it('refuses the stream past AGENTLOOM_STREAMS_PER_KEY with 429 and a clear body, frees a slot on close, and spends no request tokens', async () => {
  // More streams than the key's request burst: none of them may take a token.
  const streams = await Promise.all(Array.from({ length: streamsPerKey }, () => openStream()));
  expect(streams.map((stream) => stream.status)).toEqual(Array.from({ length: streamsPerKey }, () => 200));

  const refused = await openStream();
  expect(refused.status).toBe(429);
  // A client (the SDK's stream among them) waits this long before it tries again.
  expect(refused.response.headers.get('retry-after')).toBe('5');
  const body = (await refused.response.json()) as ErrorBody;
  expect(body.error.kind).toBe('rate-limited');
  expect(body.error.message).toContain(`${streamsPerKey} event streams open`);
  expect(body.error.message).toContain('AGENTLOOM_STREAMS_PER_KEY');

  // Closing one frees its slot once the console sees the connection go (no fixed wait: retried until then).
  streams[0]!.close();
  const reopened = await eventually(async () => {
    const attempt = await openStream();
    return attempt.status === 200 ? attempt : undefined;
  });
  expect(reopened.status).toBe(200);
  const refusedAgain = await openStream();
  expect(refusedAgain.status).toBe(429);

  // The request budget is whole: `burst` API calls pass, the next is refused by the request limit.
  const statuses = [];
  for (let call = 0; call < burst; call += 1) statuses.push((await viewer('GET', '/api/v1/me')).status);
  expect(statuses).toEqual(Array.from({ length: burst }, () => 200));
  const overBudget = await viewer<ErrorBody>('GET', '/api/v1/me');
  expect(overBudget.status).toBe(429);
  expect(overBudget.body.error.message).toContain('Too many requests');
});

it('answers HEAD as a request that holds no stream slot (Next.js runs the GET handler for it and never reads the body)', async () => {
  for (const connection of open.splice(0)) connection.close();
  /** Resolves once all the key's slots can be taken at once (then frees them): retried while the console sees closed connections go. */
  const allSlotsFree = () =>
    eventually(async () => {
      const streams = await Promise.all(Array.from({ length: streamsPerKey }, () => openStream()));
      for (const stream of open.splice(0)) stream.close();
      return streams.every((stream) => stream.status === 200) ? true : undefined;
    });
  await allSlotsFree();

  // The first test spent the key's request budget, and HEAD is a request: the request limit refuses it.
  const statuses = [];
  for (let call = 0; call <= streamsPerKey; call += 1) {
    const head = await fetch(`${server.baseUrl}/api/v1/runs/${runId}/events`, { method: 'HEAD', headers: { Authorization: `Bearer ${viewerKey}` } });
    statuses.push(head.status);
  }
  expect(statuses).toEqual(Array.from({ length: streamsPerKey + 1 }, () => 429));
  await allSlotsFree();
});
