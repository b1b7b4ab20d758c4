import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { createTestDatabaseConfig, type TestDatabaseConfig } from '@agentloom/db/testing';
import { createPlatform } from '@agentloom/platform';
import { silentLogger } from '@agentloom/platform/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { apiClient, type ApiClient } from './support/api-client';
import { ensureConsoleBuild } from './support/console-build';
import { startConsole, testConsoleSecretKey, type ConsoleProcess } from './support/console-process';
import { openEventStream, type EventStreamConnection } from './support/event-stream-client';

/**
 * A stream's slot is taken before its handler runs. Before, it was given back only when the body
 * was read or cancelled; a client gone before the handler answered (a closed tab, an EventSource
 * reconnect storm, a flaky network) left a body Next.js neither pipes nor cancels, and the slot
 * stayed taken until the console restarted: a few such drops and the key got 429 on every stream.
 * The production console runs on a Postgres server database here, so a table lock can hold the
 * handler at its access check while the client goes away (the order is decided by the lock).
 */
const streamsPerKey = 3;
let database: TestDatabaseConfig;
let dataDirectory: string;
let server: ConsoleProcess;
let admin: ApiClient;
let runId: string;

beforeAll(async () => {
  ensureConsoleBuild();
  database = await createTestDatabaseConfig('server');
  dataDirectory = mkdtempSync(path.join(tmpdir(), 'agentloom-stream-early-drop-'));
  const seeding = await createPlatform({
    database: database.config,
    adminKeyPath: path.join(dataDirectory, 'admin-key'),
    logger: silentLogger,
    secrets: { key: Buffer.from(testConsoleSecretKey, 'base64') },
  });
  const adminKey = seeding.seed.adminKey!;
  const agentId = (await seeding.database.prisma.agent.findFirstOrThrow({ where: { slug: 'demo-researcher' } })).id;
  await seeding.close();
  server = await startConsole({
    dataDirectory,
    databaseUrl: database.config.url!,
    environment: {
      AGENTLOOM_EXECUTOR: 'false',
      AGENTLOOM_STREAMS_PER_KEY: String(streamsPerKey),
      AGENTLOOM_RATE_LIMIT_BURST: '100000',
      AGENTLOOM_RATE_LIMIT_PER_MINUTE: '1000000',
    },
  });
  admin = apiClient(server.baseUrl, adminKey);
  const run = await admin<{ id: string }>('POST', '/api/v1/runs', { body: { agentId, input: 'stay queued' } });
  expect(run.status).toBe(201);
  runId = run.body.id;
}, 600_000);

afterAll(async () => {
  await server?.stop();
  await database?.dispose();
  if (dataDirectory) rmSync(dataDirectory, { recursive: true, force: true });
});

async function withClient<T>(use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: database.config.url! });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The console's sessions waiting on a lock in a statement that reads run_events. */
async function waitingOnRunEvents(observer: pg.Client): Promise<number> {
  const { rows } = await observer.query<{ waiting: number }>(
    `SELECT count(*)::int AS waiting FROM pg_stat_activity
      WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE '%run_events%' AND pid <> pg_backend_pid()`,
  );
  return rows[0]!.waiting;
}

/** A stream request written on a raw socket, so the test can drop it whenever it likes. */
function rawStreamRequest(key: string): net.Socket {
  const { port } = new URL(server.baseUrl);
  const socket = net.connect(Number(port), '127.0.0.1');
  socket.on('error', () => undefined);
  socket.write(
    [`GET /api/v1/runs/${runId}/events HTTP/1.1`, `Host: 127.0.0.1:${port}`, 'Accept: text/event-stream', `Authorization: Bearer ${key}`, '', ''].join('\r\n'),
  );
  return socket;
}

async function newKey(name: string): Promise<string> {
  const created = await admin<{ key: string }>('POST', '/api/v1/api-keys', { body: { name, role: 'viewer' } });
  expect(created.status).toBe(201);
  return created.body.key;
}

/** Opens `streamsPerKey` streams with the key until all are 200 (the console may still be closing the dropped ones), then closes them. */
async function statusesOfAFullSetOfStreams(key: string): Promise<number[]> {
  let statuses: number[] = [];
  for (let attempt = 0; attempt < 40; attempt += 1) {
    const open: EventStreamConnection[] = [];
    try {
      for (let index = 0; index < streamsPerKey; index += 1)
        open.push(await openEventStream(`${server.baseUrl}/api/v1/runs/${runId}/events`, { Authorization: `Bearer ${key}` }));
      statuses = open.map((connection) => connection.status);
    } finally {
      for (const connection of open) connection.close();
    }
    if (statuses.every((status) => status === 200)) return statuses;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return statuses;
}

describe('a stream whose client is gone before the handler answers', () => {
  it('gives its slot back (the handler held at its access check by a lock while the client drops)', async () => {
    const key = await newKey('dropped early');
    for (let drop = 0; drop < streamsPerKey; drop += 1) {
      await withClient((locker) =>
        withClient(async (observer) => {
          await locker.query('BEGIN');
          await locker.query('LOCK TABLE run_events IN ACCESS EXCLUSIVE MODE');
          const socket = rawStreamRequest(key);
          await until(async () => (await waitingOnRunEvents(observer)) > 0, 'the handler waits at its access check, its slot taken');
          socket.destroy();
          // A request through the console after the drop: its event loop has seen the close.
          expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
          await locker.query('COMMIT');
          await until(async () => (await waitingOnRunEvents(observer)) === 0, 'the handler goes on');
        }),
      );
    }
    expect(await statusesOfAFullSetOfStreams(key)).toEqual([200, 200, 200]);
  });

  it('gives every slot back after a reconnect storm (connect, drop at once)', async () => {
    const key = await newKey('storm');
    for (let wave = 0; wave < 10; wave += 1) {
      const sockets = Array.from({ length: 30 }, () => rawStreamRequest(key));
      await Promise.all(sockets.map((socket) => new Promise<void>((resolve) => socket.once('connect', () => resolve()))));
      for (const socket of sockets) socket.destroy();
      expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
    }
    expect(await statusesOfAFullSetOfStreams(key)).toEqual([200, 200, 200]);
  });
});
