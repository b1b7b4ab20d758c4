import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, expect, it } from 'vitest';

import { apiClient } from './support/api-client';
import { ensureConsoleBuild } from './support/console-build';
import { freePort, startConsole, type ConsoleProcess } from './support/console-process';
import { seedDataDirectory } from './support/seed-data-directory';

/**
 * The harness every console suite starts through: when the port it was handed is taken before Next
 * binds it (CI lost a whole suite to `EADDRINUSE` once), it must start again on a new port, and must
 * never take a health answer from whatever holds the old one for its own console.
 */
let impostor: Server | undefined;
let server: ConsoleProcess | undefined;
const dataDirectory = mkdtempSync(path.join(tmpdir(), 'agentloom-console-process-'));

afterAll(async () => {
  await server?.stop();
  await new Promise<void>((resolve) => (impostor ? impostor.close(() => resolve()) : resolve()));
  rmSync(dataDirectory, { recursive: true, force: true });
});

it('starts on a fresh port when its first port is taken, and ignores the health answer of what took it', async () => {
  ensureConsoleBuild();
  const seeded = await seedDataDirectory(dataDirectory);
  // An impostor that answers every request 200, so a harness that trusted any health answer would
  // hand the test this port and a console that is not running.
  const impostorRequests: string[] = [];
  impostor = createServer((request, response) => {
    impostorRequests.push(request.url ?? '');
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
  });
  await new Promise<void>((resolve) => impostor?.listen(0, '127.0.0.1', resolve));
  const address = impostor.address();
  if (typeof address !== 'object' || !address) throw new Error('The impostor has no port');
  const ports = [address.port];
  server = await startConsole({ dataDirectory, environment: { AGENTLOOM_EXECUTOR: 'false' } }, async () => ports.shift() ?? freePort());

  expect(new URL(server.baseUrl).port).not.toBe(String(address.port));
  expect(server.output()).toContain('Ready in');
  // Never asked: a health answer counts only once our console has said it listens, and it never did on that port.
  expect(impostorRequests).toEqual([]);
  // The console answering is ours: it knows the key the seed wrote.
  const runs = await apiClient(server.baseUrl, seeded.adminKey)<{ data: unknown[] }>('GET', '/api/v1/runs');
  expect(runs.status).toBe(200);
}, 600_000);
