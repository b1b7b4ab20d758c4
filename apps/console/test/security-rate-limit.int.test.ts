import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, expect, it } from 'vitest';

import { apiClient, type ApiClient } from './support/api-client';
import { ensureConsoleBuild } from './support/console-build';
import { startConsole, type ConsoleProcess } from './support/console-process';
import { fetchOnNewConnection } from './support/new-connection';
import { sessionCookie } from './support/security-calls';
import { seedDataDirectory } from './support/seed-data-directory';

/**
 * Per-key rate limits of the production console, REST and tRPC sharing one bucket per key. The
 * console is its own, with buckets that refill at one token per minute: the burst runs out however
 * slowly a loaded machine serves the requests. (Sharing a console that refilled 10 per second, the
 * test once saw no 429 at all: the refill kept up with a machine that slow.)
 */
interface ErrorBody {
  error: { kind: string; message: string };
}
interface TrpcErrorBody {
  error: { json: { data: { kind: string } } };
}

const burst = 25;
let dataDirectory: string;
let server: ConsoleProcess;
let admin: ApiClient;

beforeAll(async () => {
  ensureConsoleBuild();
  dataDirectory = mkdtempSync(path.join(tmpdir(), 'agentloom-rate-limit-'));
  const seeded = await seedDataDirectory(dataDirectory);
  server = await startConsole({ dataDirectory, environment: { AGENTLOOM_RATE_LIMIT_PER_MINUTE: '1', AGENTLOOM_RATE_LIMIT_BURST: String(burst) } });
  admin = apiClient(server.baseUrl, seeded.adminKey);
}, 600_000);

afterAll(async () => {
  await server?.stop();
  if (dataDirectory) rmSync(dataDirectory, { recursive: true, force: true });
});

/**
 * Calls until the answer is a 429. A token comes back only after a minute, so a second call is
 * needed only if a whole minute passed since the burst ran out; five are never needed.
 */
async function untilRefused(call: () => Promise<{ status: number }>): Promise<number> {
  let status = (await call()).status;
  for (let attempt = 0; attempt < 5 && status !== 429; attempt += 1) status = (await call()).status;
  return status;
}

it('answers 429 rate-limited with Retry-After once a key has used its burst, REST and tRPC alike, other keys unaffected', async () => {
  const created = await admin<{ key: string }>('POST', '/api/v1/api-keys', { body: { name: 'rate-limited viewer', role: 'viewer' } });
  expect(created.status).toBe(201);
  const limited = apiClient(server.baseUrl, created.body.key);
  // Signing in takes no token: only authenticated API calls do.
  const cookie = await sessionCookie(server.baseUrl, created.body.key);

  const statuses = await Promise.all(Array.from({ length: burst }, async () => (await limited('GET', '/api/v1/me')).status));
  expect(statuses.filter((status) => status === 200)).toHaveLength(burst);
  expect(await untilRefused(() => limited('GET', '/api/v1/me'))).toBe(429);
  const refused = await limited<ErrorBody>('GET', '/api/v1/me');
  expect(refused.status).toBe(429);
  expect(refused.body.error.kind).toBe('rate-limited');
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);

  // The same bucket: tRPC calls with the key's session meet the limit too.
  const trpcList = () =>
    fetchOnNewConnection(`${server.baseUrl}/api/trpc/runs.list?input=${encodeURIComponent(JSON.stringify({ json: {} }))}`, { headers: { Cookie: cookie } });
  expect(await untilRefused(trpcList)).toBe(429);
  const trpc = await trpcList();
  expect(trpc.status).toBe(429);
  expect(((await trpc.json()) as TrpcErrorBody).error.json.data.kind).toBe('rate-limited');
  expect(Number(trpc.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);

  expect((await admin('GET', '/api/v1/me')).status).toBe(200);
});
