import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { createTestDatabaseConfig, type TestDatabaseConfig } from '@agentloom/db/testing';
import { createPlatform, generateApiKey, parseApiKey } from '@agentloom/platform';
import { silentLogger } from '@agentloom/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ensureConsoleBuild } from './support/console-build';
import { repositoryRoot, startConsole, testConsoleSecretKey, type ConsoleProcess } from './support/console-process';

/**
 * Two production consoles on one Postgres server database, as a fleet behind a balancer: what one
 * process revokes, erases or signs out, the other refuses on the very next request; failed
 * authentication is limited across both; sessions hold no key material; metrics and health show
 * details only to who may see them.
 */
const failuresPerAddress = 8;
const failuresPerKey = 4;
const metricsToken = 'fleet-metrics-token-0123456789';

let database: TestDatabaseConfig;
let dataDirectories: string[] = [];
let first: ConsoleProcess;
let second: ConsoleProcess;
let adminKey: string;
let researcherId: string;

interface Call {
  status: number;
  headers: Headers;
  body: Record<string, unknown> | null;
}

/** One request; `address` becomes the X-Forwarded-For hop the console counts failures against. */
async function call(
  server: ConsoleProcess,
  method: string,
  pathname: string,
  options: { key?: string; cookie?: string; body?: unknown; address: string; headers?: Record<string, string> },
): Promise<Call> {
  const response = await fetch(`${server.baseUrl}${pathname}`, {
    method,
    headers: {
      'X-Forwarded-For': options.address,
      ...(options.key ? { Authorization: `Bearer ${options.key}` } : {}),
      ...(options.cookie ? { Cookie: options.cookie, Origin: server.baseUrl, 'Sec-Fetch-Site': 'same-origin' } : {}),
      ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  let body: Record<string, unknown> | null = null;
  try {
    body = text === '' ? null : (JSON.parse(text) as Record<string, unknown>);
  } catch {
    body = { text };
  }
  return { status: response.status, headers: response.headers, body };
}

async function signIn(server: ConsoleProcess, apiKey: string, address: string): Promise<{ cookie: string; setCookie: string }> {
  const response = await call(server, 'POST', '/api/session', { body: { apiKey }, address, headers: { Origin: server.baseUrl } });
  expect(response.status).toBe(200);
  const setCookie = response.headers.get('set-cookie') ?? '';
  return { cookie: setCookie.split(';')[0]!, setCookie };
}

async function mintKey(role: string, address: string): Promise<{ key: string; id: string }> {
  const created = await call(first, 'POST', '/api/v1/api-keys', { key: adminKey, body: { name: `fleet ${role} ${Math.random()}`, role }, address });
  expect(created.status).toBe(201);
  return { key: created.body!.key as string, id: created.body!.id as string };
}

beforeAll(async () => {
  ensureConsoleBuild();
  database = await createTestDatabaseConfig('server');
  const seeding = await createPlatform({
    database: { ...database.config, migrationsDirectory: path.join(repositoryRoot, 'prisma/migrations') },
    logger: silentLogger,
    secrets: { key: Buffer.from(testConsoleSecretKey, 'base64') },
  });
  adminKey = seeding.seed.adminKey!;
  researcherId = (await seeding.database.prisma.agent.findFirstOrThrow({ where: { slug: 'demo-researcher' } })).id;
  await seeding.close();
  const environment = {
    AGENTLOOM_AUTH_FAILURES_PER_ADDRESS: String(failuresPerAddress),
    AGENTLOOM_AUTH_FAILURES_PER_KEY: String(failuresPerKey),
    AGENTLOOM_AUTH_FAILURE_WINDOW_SECONDS: '3600',
    AGENTLOOM_EXECUTOR: 'false',
  };
  const start = async (extra: Record<string, string>) => {
    const dataDirectory = mkdtempSync(path.join(tmpdir(), 'agentloom-fleet-'));
    dataDirectories.push(dataDirectory);
    return startConsole({ dataDirectory, databaseUrl: database.config.url!, environment: { ...environment, ...extra } });
  };
  [first, second] = await Promise.all([start({ AGENTLOOM_METRICS_TOKEN: metricsToken }), start({})]);
}, 600_000);

afterAll(async () => {
  await Promise.all([first?.stop(), second?.stop()]);
  for (const directory of dataDirectories) rmSync(directory, { recursive: true, force: true });
  dataDirectories = [];
  await database?.dispose();
});

describe('revocation is immediate on every process', () => {
  const address = '192.0.2.10';

  it('refuses a key revoked on the other console at the very next request, and it can mint nothing', async () => {
    const doomed = await mintKey('admin', address);
    const session = await signIn(second, doomed.key, address);
    // Both credentials work on the second console.
    expect((await call(second, 'GET', '/api/v1/me', { key: doomed.key, address })).status).toBe(200);
    expect((await call(second, 'GET', '/api/v1/me', { cookie: session.cookie, address })).status).toBe(200);

    const revoked = await call(first, 'DELETE', `/api/v1/api-keys/${doomed.id}`, { key: adminKey, address });
    expect(revoked.status).toBe(200);

    expect((await call(second, 'GET', '/api/v1/me', { key: doomed.key, address })).status).toBe(401);
    const minted = await call(second, 'POST', '/api/v1/api-keys', { key: doomed.key, body: { name: 'after revoke', role: 'admin' }, address });
    expect(minted.status).toBe(401);
    expect((await call(second, 'GET', '/api/v1/me', { cookie: session.cookie, address })).status).toBe(401);
    const trpc = await call(second, 'GET', `/api/trpc/runs.list?input=${encodeURIComponent(JSON.stringify({ json: {} }))}`, { cookie: session.cookie, address });
    expect(trpc.status).toBe(401);
  });

  it('ends an event stream of the key on the other console when the key is revoked', async () => {
    const { key, id } = await mintKey('viewer', address);
    // No executor runs in these consoles, so the run stays queued and its stream stays open.
    const run = await call(first, 'POST', '/api/v1/runs', { key: adminKey, body: { agentId: researcherId, input: 'stream' }, address });
    expect(run.status).toBe(201);
    const stream = await fetch(`${second.baseUrl}/api/v1/runs/${run.body!.id as string}/events`, {
      headers: { Authorization: `Bearer ${key}`, 'X-Forwarded-For': address },
    });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    const opening = await reader.read();
    expect(new TextDecoder().decode(opening.value)).toContain(': connected');
    expect((await call(first, 'DELETE', `/api/v1/api-keys/${id}`, { key: adminKey, address })).status).toBe(200);
    // The stream ends by itself (the test's timeout is the only bound): read until the server closes it.
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      // Replayed events and heartbeats until the revocation reaches the second console.
    }
    const reconnect = await fetch(`${second.baseUrl}/api/v1/runs/${run.body!.id as string}/events`, {
      headers: { Authorization: `Bearer ${key}`, 'X-Forwarded-For': address },
    });
    expect(reconnect.status).toBe(401);
  });

  it('ends a tRPC subscription of the key’s console session on the other console when the key is revoked', async () => {
    const { key, id } = await mintKey('viewer', address);
    const session = await signIn(second, key, address);
    const subscription = await fetch(`${second.baseUrl}/api/trpc/activity.live?input=${encodeURIComponent(JSON.stringify({ json: null }))}`, {
      headers: { Cookie: session.cookie, 'X-Forwarded-For': address, Accept: 'text/event-stream' },
    });
    expect(subscription.status).toBe(200);
    const reader = subscription.body!.getReader();
    await reader.read();
    expect((await call(first, 'DELETE', `/api/v1/api-keys/${id}`, { key: adminKey, address })).status).toBe(200);
    // The server ends the subscription by itself: read until it closes the response.
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      // Pings and the subscription's end frames.
    }
  });

  it('refuses the keys of an erased tenant on the other console', async () => {
    const tenantKey = await generateApiKey();
    const seeding = await createPlatform({ database: database.config, logger: silentLogger, seedDemoTenant: false, secrets: { key: Buffer.from(testConsoleSecretKey, 'base64') } });
    let tenantId: string;
    try {
      const tenant = await seeding.database.prisma.tenant.create({ data: { slug: `erased-${Date.now()}`, name: 'Erased' } });
      tenantId = tenant.id;
      await seeding.database.prisma.apiKey.create({
        data: { tenantId, name: 'erased admin', role: 'admin', prefix: tenantKey.prefix, secretHash: tenantKey.secretHash },
      });
    } finally {
      await seeding.close();
    }
    expect((await call(second, 'GET', '/api/v1/me', { key: tenantKey.plaintext, address })).status).toBe(200);
    const erased = await call(first, 'POST', '/api/v1/erase', { key: tenantKey.plaintext, body: { target: 'tenant', id: tenantId }, address });
    expect(erased.status).toBe(200);
    expect((await call(second, 'GET', '/api/v1/me', { key: tenantKey.plaintext, address })).status).toBe(401);
    const write = await call(second, 'POST', '/api/v1/threads', { key: tenantKey.plaintext, body: { title: 'after erase' }, address });
    expect(write.status).toBe(401);
  });

  it('ends a session signed out on one console on the other too', async () => {
    const { key } = await mintKey('viewer', address);
    const session = await signIn(first, key, address);
    expect((await call(second, 'GET', '/api/v1/me', { cookie: session.cookie, address })).status).toBe(200);
    expect((await call(first, 'DELETE', '/api/session', { cookie: session.cookie, address })).status).toBe(204);
    expect((await call(second, 'GET', '/api/v1/me', { cookie: session.cookie, address })).status).toBe(401);
    // The key itself still works: signing out ends one session, not the key.
    expect((await call(second, 'GET', '/api/v1/me', { key, address })).status).toBe(200);
  });
});

describe('failed authentication is limited across the fleet', () => {
  it('answers 429 with Retry-After to a flood from one address, on both consoles; a valid key keeps working meanwhile', async () => {
    const attacker = '198.51.100.20';
    const flood = Array.from({ length: failuresPerAddress + 6 }, async (_, index) => {
      const bad = (await generateApiKey()).plaintext;
      return (await call(index % 2 === 0 ? first : second, 'GET', '/api/v1/me', { key: bad, address: attacker })).status;
    });
    const valid = Array.from({ length: 6 }, async (_, index) =>
      (await call(index % 2 === 0 ? first : second, 'GET', '/api/v1/runs?limit=1', { key: adminKey, address: '198.51.100.21' })).status,
    );
    const [floodStatuses, validStatuses] = await Promise.all([Promise.all(flood), Promise.all(valid)]);
    expect(validStatuses).toEqual(valid.map(() => 200));
    expect(floodStatuses.filter((status) => status === 401)).toHaveLength(failuresPerAddress);
    expect(floodStatuses.filter((status) => status === 429)).toHaveLength(6);

    for (const server of [first, second]) {
      const refused = await call(server, 'GET', '/api/v1/me', { key: (await generateApiKey()).plaintext, address: attacker });
      expect(refused.status).toBe(429);
      expect((refused.body!.error as { kind: string }).kind).toBe('rate-limited');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
    // The address is throttled for failures only: a correct key from it is still honoured.
    expect((await call(second, 'GET', '/api/v1/me', { key: adminKey, address: attacker })).status).toBe(200);
  });

  it('answers 429 to wrong secrets on one key from many addresses, while its owner keeps working', async () => {
    const { key } = await mintKey('viewer', '198.51.100.30');
    const prefix = parseApiKey(key)!.prefix;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < failuresPerKey + 2; attempt += 1) {
      const wrong = `al_${prefix}_${'w'.repeat(42)}${attempt % 10}`;
      statuses.push((await call(attempt % 2 === 0 ? first : second, 'GET', '/api/v1/me', { key: wrong, address: `203.0.113.${attempt + 1}` })).status);
    }
    expect(statuses).toEqual([...Array.from({ length: failuresPerKey }, () => 401), 429, 429]);
    expect((await call(second, 'GET', '/api/v1/me', { key, address: '203.0.113.99' })).status).toBe(200);
  });

  it('limits failed sign-ins the same way', async () => {
    const address = '198.51.100.40';
    const statuses: number[] = [];
    let last: Call | undefined;
    for (let attempt = 0; attempt < failuresPerAddress + 1; attempt += 1) {
      const server = attempt % 2 === 0 ? first : second;
      last = await call(server, 'POST', '/api/session', { body: { apiKey: (await generateApiKey()).plaintext }, address, headers: { Origin: server.baseUrl } });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([...Array.from({ length: failuresPerAddress }, () => 401), 429]);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });
});

describe('console sessions', () => {
  const address = '192.0.2.50';

  it('hold an opaque token, never key material, in an HttpOnly SameSite cookie (Secure over HTTPS)', async () => {
    const { key } = await mintKey('viewer', address);
    const { prefix, secret } = parseApiKey(key)!;
    const session = await signIn(first, key, address);
    const value = decodeURIComponent(session.cookie.split('=')[1]!);
    expect(value).toMatch(/^als_[A-Za-z0-9_-]{43}$/);
    expect(session.setCookie).not.toContain(secret);
    expect(session.setCookie).not.toContain(prefix);
    expect(session.setCookie).toMatch(/HttpOnly/i);
    expect(session.setCookie).toMatch(/SameSite=Lax/i);
    expect(session.setCookie).not.toMatch(/Secure/i);
    const overHttps = await call(first, 'POST', '/api/session', { body: { apiKey: key }, address, headers: { Origin: first.baseUrl, 'X-Forwarded-Proto': 'https' } });
    expect(overHttps.headers.get('set-cookie')).toMatch(/;\s*Secure/i);
  });

  it('treats a malformed cookie as no session, never a 500', async () => {
    for (const cookie of ['agentloom_session=%', 'agentloom_session=%E0%A4%A', `agentloom_session=${adminKey}`]) {
      expect((await call(second, 'GET', '/api/v1/me', { cookie, address })).status, cookie).toBe(401);
      const page = await fetch(`${second.baseUrl}/runs`, { headers: { Cookie: cookie }, redirect: 'manual' });
      expect(page.status, cookie).toBeLessThan(500);
    }
  });
});

describe('exposure', () => {
  it('metrics: the token is required where configured; without one, no tenant-identifying labels', async () => {
    const run = await call(first, 'POST', '/api/v1/runs', { key: adminKey, body: { agentId: researcherId, input: 'metrics' }, address: '192.0.2.60' });
    expect(run.status).toBe(201);
    expect((await fetch(`${first.baseUrl}/api/metrics`)).status).toBe(401);
    expect((await fetch(`${first.baseUrl}/api/metrics`, { headers: { Authorization: 'Bearer wrong-token-wrong-token' } })).status).toBe(401);
    const full = await fetch(`${first.baseUrl}/api/metrics`, { headers: { Authorization: `Bearer ${metricsToken}` } });
    expect(full.status).toBe(200);
    // Counters are kept by the process that executes (ADR 0046) and these consoles execute nothing, so
    // no agent-labelled series exists here; keeping vs stripping labels is without-tenant-labels.test.ts.
    expect(await full.text()).toMatch(/^agentloom_queue_depth [1-9]/m);
    const open = await fetch(`${second.baseUrl}/api/metrics`);
    expect(open.status).toBe(200);
    const text = await open.text();
    expect(text).toContain('agentloom_model_tokens');
    expect(text).not.toContain('demo-researcher');
    expect(text).not.toMatch(/\b(agent|tool)="/);
  });

  it('health: the status for everyone, the details for admins only', async () => {
    const anonymous = await call(second, 'GET', '/api/health', { address: '192.0.2.70' });
    expect(anonymous.status).toBe(200);
    expect(Object.keys(anonymous.body!)).toEqual(['status']);
    const { key: viewerKey } = await mintKey('viewer', '192.0.2.70');
    expect(Object.keys((await call(second, 'GET', '/api/health', { key: viewerKey, address: '192.0.2.70' })).body!)).toEqual(['status']);
    const detailed = await call(second, 'GET', '/api/health', { key: adminKey, address: '192.0.2.70' });
    expect(detailed.body).toMatchObject({ database: { mode: 'server' }, versions: { agentloom: expect.any(String) as string } });
  });

  it('pages carry a fresh script nonce and no unsafe-inline script policy', async () => {
    const nonces: string[] = [];
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await fetch(`${second.baseUrl}/sign-in`);
      const policy = response.headers.get('content-security-policy') ?? '';
      const scriptPolicy = policy.split(';').find((directive) => directive.trim().startsWith('script-src')) ?? '';
      expect(scriptPolicy).not.toContain('unsafe-inline');
      const nonce = /'nonce-([^']+)'/.exec(scriptPolicy)?.[1];
      expect(nonce).toBeDefined();
      const html = await response.text();
      const scripts = html.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length).toBeGreaterThan(0);
      for (const script of scripts) expect(script).toContain(`nonce="${nonce}"`);
      nonces.push(nonce!);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });
});
