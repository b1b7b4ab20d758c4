import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { verifyWebhookSignature } from '@agentloom/platform';
import { startWebhookReceiver, type WebhookReceiver } from '@agentloom/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { apiClient, eventually, type ApiClient } from './support/api-client';
import { ensureConsoleBuild } from './support/console-build';
import { startConsole, type ConsoleProcess } from './support/console-process';
import { fetchOnNewConnection } from './support/new-connection';
import { seedDataDirectory, type SeededDataDirectory } from './support/seed-data-directory';

/**
 * Protection of the production console over real HTTP: CSRF for cookie sessions (REST and tRPC),
 * body size limits and secure headers; and the webhook REST API end to end, delivering to a
 * receiver on 127.0.0.1 (allowed for this console only). Rate limits have a console of their own
 * (`security-rate-limit.int.test.ts`).
 */
interface ErrorBody {
  error: { kind: string; message: string };
}
interface TrpcErrorBody {
  error: { json: { message: string; data: { code: string; kind: string; httpStatus: number } } };
}

let dataDirectory: string;
let seeded: SeededDataDirectory;
let server: ConsoleProcess;
let admin: ApiClient;
let receiver: WebhookReceiver;

beforeAll(async () => {
  ensureConsoleBuild();
  dataDirectory = mkdtempSync(path.join(tmpdir(), 'agentloom-protection-'));
  seeded = await seedDataDirectory(dataDirectory);
  server = await startConsole({
    dataDirectory,
    environment: { AGENTLOOM_WEBHOOK_ALLOW_PRIVATE_TARGETS: '127.0.0.1' },
  });
  admin = apiClient(server.baseUrl, seeded.adminKey);
  receiver = await startWebhookReceiver([500, 200]);
}, 600_000);

afterAll(async () => {
  await receiver?.close();
  await server?.stop();
  if (dataDirectory) rmSync(dataDirectory, { recursive: true, force: true });
});

async function newKey(role: string): Promise<string> {
  const created = await admin<{ key: string }>('POST', '/api/v1/api-keys', { body: { name: `protection ${role} ${Math.random()}`, role } });
  expect(created.status).toBe(201);
  return created.body.key;
}

/** Signs in like the console's form does and returns the session cookie. */
async function sessionCookie(apiKey: string): Promise<string> {
  const response = await fetchOnNewConnection(`${server.baseUrl}/api/session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ apiKey }),
  });
  expect(response.status).toBe(200);
  const cookie = response.headers.getSetCookie()[0]?.split(';')[0];
  if (!cookie) throw new Error('No session cookie was set');
  return cookie;
}

function createRunBody() {
  return JSON.stringify({ agentId: seeded.agentIds['demo-operator'], input: 'protection test' });
}

describe('CSRF: cookie-authenticated changes must come from the console itself', () => {
  let cookie: string;
  beforeAll(async () => {
    cookie = await sessionCookie(await newKey('operator'));
  });

  const post = (headers: Record<string, string>) =>
    fetchOnNewConnection(`${server.baseUrl}/api/v1/runs`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookie, ...headers },
      body: createRunBody(),
    });

  it('refuses a REST POST with the session cookie from another origin or site', async () => {
    const host = new URL(server.baseUrl).host;
    const crossSite: Record<string, string>[] = [
      { Origin: 'https://evil.example' },
      { 'Sec-Fetch-Site': 'cross-site' },
      { 'Sec-Fetch-Site': 'same-site', Origin: `http://${host}` },
      { Origin: 'null' },
    ];
    for (const headers of crossSite) {
      const response = await post(headers);
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(((await response.json()) as ErrorBody).error.kind).toBe('forbidden');
    }
  });

  it('accepts the same POST from the console page, and any origin with a Bearer key', async () => {
    const host = new URL(server.baseUrl).host;
    expect((await post({ Origin: `http://${host}`, 'Sec-Fetch-Site': 'same-origin' })).status).toBe(201);
    const bearer = await fetchOnNewConnection(`${server.baseUrl}/api/v1/runs`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${seeded.adminKey}`,
        Origin: 'https://evil.example',
        'Sec-Fetch-Site': 'cross-site',
      },
      body: createRunBody(),
    });
    expect(bearer.status).toBe(201);
  });

  it('lets cross-site reads through (they change nothing; CORS keeps the answer from the other site)', async () => {
    const response = await fetchOnNewConnection(`${server.baseUrl}/api/v1/runs`, {
      headers: { Cookie: cookie, Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
    });
    expect(response.status).toBe(200);
  });

  it('refuses a cross-site tRPC mutation with the cookie, and accepts it from the console', async () => {
    const mutate = (headers: Record<string, string>) =>
      fetchOnNewConnection(`${server.baseUrl}/api/trpc/runs.create`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: cookie, ...headers },
        body: JSON.stringify({ json: { agentId: seeded.agentIds['demo-operator'], input: 'via tRPC' } }),
      });
    const refused = await mutate({ Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as TrpcErrorBody).error.json.data).toMatchObject({ code: 'FORBIDDEN', kind: 'forbidden' });
    expect((await mutate({ Origin: server.baseUrl, 'Sec-Fetch-Site': 'same-origin' })).status).toBe(200);
  });
});

describe('sign-in redirects and cached answers', () => {
  let cookie: string;
  beforeAll(async () => {
    cookie = await sessionCookie(await newKey('admin'));
  });

  /** Where a browser goes for a Location: the URL parser drops tabs and line breaks and reads `\\` as `/`. */
  const browserTarget = (location: string | null, from: string = server.baseUrl): URL => new URL(location ?? '(none)', from);

  it('a form sign-in with next=/<TAB>/evil.example continues on the console, not on evil.example', async () => {
    const response = await fetchOnNewConnection(`${server.baseUrl}/api/session`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.baseUrl, 'Sec-Fetch-Site': 'same-origin' },
      body: new URLSearchParams({ apiKey: seeded.adminKey, next: '/\t/evil.example/phish' }).toString(),
    });
    expect(response.status).toBe(303);
    expect(browserTarget(response.headers.get('location')).origin).toBe(server.baseUrl);
  });

  it('a signed-in visit to /sign-in?next=/%09/evil.example is sent on within the console', async () => {
    const response = await fetchOnNewConnection(`${server.baseUrl}/sign-in?next=/%09/evil.example/phish`, { redirect: 'manual', headers: { Cookie: cookie } });
    expect(response.status).toBeGreaterThanOrEqual(300);
    expect(browserTarget(response.headers.get('location')).origin).toBe(server.baseUrl);
  });

  it('a tenant session opening /operator lands on a page (the operator sign-in), not in a redirect loop', async () => {
    let url = `${server.baseUrl}/operator`;
    const hops: string[] = [];
    for (let hop = 0; hop < 10; hop += 1) {
      const response = await fetchOnNewConnection(url, { redirect: 'manual', headers: { Cookie: cookie } });
      await response.body?.cancel();
      if (response.status < 300 || response.status >= 400) {
        expect(response.status).toBe(200);
        return;
      }
      url = browserTarget(response.headers.get('location'), url).toString();
      hops.push(`${response.status} → ${url.replace(server.baseUrl, '')}`);
    }
    expect.fail(`still redirecting after 10 hops:\n${hops.join('\n')}`);
  });

  it('cookie-authenticated tRPC answers, errors included, say Cache-Control: no-store', async () => {
    const input = (json: unknown) => encodeURIComponent(JSON.stringify({ json }));
    const list = await fetchOnNewConnection(`${server.baseUrl}/api/trpc/apiKeys.list?input=${input({})}`, { headers: { Cookie: cookie } });
    expect(list.status).toBe(200);
    expect(list.headers.get('cache-control')).toBe('no-store');
    const missing = await fetchOnNewConnection(`${server.baseUrl}/api/trpc/runs.get?input=${input({ runId: '0190f5c4-0000-7000-8000-000000000000' })}`, {
      headers: { Cookie: cookie },
    });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBe('no-store');
  });
});

describe('request body size limit', () => {
  it('answers 413 payload-too-large for a body over 1 MiB, declared or streamed without a length', async () => {
    const oversized = JSON.stringify({ agentId: seeded.agentIds['demo-operator'], input: 'x'.repeat(1024 * 1024 + 10) });
    const declared = await admin<ErrorBody>('POST', '/api/v1/runs', { body: oversized });
    expect(declared.status).toBe(413);
    expect(declared.body.error.kind).toBe('payload-too-large');

    const chunks = [new TextEncoder().encode(oversized.slice(0, 600_000)), new TextEncoder().encode(oversized.slice(600_000))];
    const streamed = await fetchOnNewConnection(`${server.baseUrl}/api/v1/runs`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${seeded.adminKey}` },
      body: new ReadableStream({
        pull(controller) {
          const next = chunks.shift();
          if (next) controller.enqueue(next);
          else controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(((await streamed.json()) as ErrorBody).error.kind).toBe('payload-too-large');
  });
});

describe('secure headers', () => {
  it('sends CSP, nosniff, frame denial, referrer and permissions policies on pages and API responses; HSTS only over HTTPS', async () => {
    for (const pathname of ['/sign-in', '/api/health', '/api/v1/me']) {
      const response = await fetchOnNewConnection(`${server.baseUrl}${pathname}`, {});
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp, pathname).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe-eval');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('permissions-policy')).toContain('camera=()');
      expect(response.headers.get('strict-transport-security')).toBeNull();
    }
    const overHttps = await fetchOnNewConnection(`${server.baseUrl}/sign-in`, { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(overHttps.headers.get('strict-transport-security')).toContain('max-age=');
  });
});

describe('webhooks over REST', () => {
  interface Webhook {
    id: string;
    url: string;
    secret?: string;
  }
  interface Delivery {
    id: string;
    status: string;
    attempts: number;
    lastStatusCode: number | null;
    eventType: string;
  }

  it('refuses private and metadata targets (no request is sent) and non-admin keys', async () => {
    for (const url of [
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/hook',
      'http://[::1]:8080/hook',
      'http://192.168.1.1/hook',
      'file:///etc/passwd',
    ]) {
      const refused = await admin<ErrorBody & { error: { field?: string } }>('POST', '/api/v1/webhooks', { body: { url, eventTypes: ['run.completed'] } });
      expect(refused.status, url).toBe(400);
      expect(refused.body.error).toMatchObject({ kind: 'validation', field: 'url' });
    }
    const operator = apiClient(server.baseUrl, await newKey('operator'));
    expect((await operator('GET', '/api/v1/webhooks')).status).toBe(403);
  });

  it('creates an endpoint (secret once), delivers a signed run.completed with a retry, lists deliveries, redelivers and deletes', async () => {
    const created = await admin<Webhook>('POST', '/api/v1/webhooks', {
      body: { url: receiver.url, eventTypes: ['run.completed'], description: 'test receiver' },
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toBe(`/api/v1/webhooks/${created.body.id}`);
    const secret = created.body.secret!;
    expect(secret).toMatch(/^whsec_/);
    const listed = await admin<{ webhooks: Webhook[] }>('GET', '/api/v1/webhooks');
    expect(listed.body.webhooks.map((webhook) => webhook.id)).toContain(created.body.id);
    expect(JSON.stringify(listed.body)).not.toContain(secret);

    const run = await admin<{ id: string }>('POST', '/api/v1/runs', { body: { agentId: seeded.agentIds['demo-researcher'], input: 'durable?' } });
    const deliveriesPath = `/api/v1/webhooks/${created.body.id}/deliveries`;
    const delivered = await eventually(async () => {
      const page = await admin<{ deliveries: Delivery[] }>('GET', deliveriesPath);
      const first = page.body.deliveries[0];
      return first?.status === 'succeeded' ? first : undefined;
    });
    // The receiver answers 500 first: the executor's dispatcher retried with backoff.
    expect(delivered).toMatchObject({ eventType: 'run.completed', attempts: 2, lastStatusCode: 200 });
    const last = receiver.received.at(-1)!;
    expect(verifyWebhookSignature(secret, last.headers['agentloom-signature'] as string, last.body, 60)).toBe(true);
    expect(JSON.parse(last.body)).toMatchObject({ type: 'run.completed', data: { runId: run.body.id, status: 'succeeded' } });

    const redelivered = await admin<Delivery>('POST', `/api/v1/webhook-deliveries/${delivered.id}/redeliver`);
    expect(redelivered.status).toBe(201);
    await eventually(async () => {
      const page = await admin<{ deliveries: Delivery[] }>('GET', deliveriesPath);
      return page.body.deliveries.find((delivery) => delivery.id === redelivered.body.id && delivery.status === 'succeeded');
    });

    expect((await admin('DELETE', `/api/v1/webhooks/${created.body.id}`)).status).toBe(200);
    expect((await admin<ErrorBody>('GET', deliveriesPath)).status).toBe(404);
    expect((await admin<ErrorBody>('DELETE', `/api/v1/webhooks/${created.body.id}`)).status).toBe(404);
  });
});
