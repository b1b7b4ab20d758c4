import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { startConnectionRecorder, type ConnectionRecorder } from '@agentloom/runtime/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { eventually } from './support/api-client';
import { ensureConsoleBuild } from './support/console-build';
import { startConsole, type ConsoleProcess } from './support/console-process';
import { restCall, sessionCookie, trpcCall, type CallResult } from './support/security-calls';
import { seedSecurityTenants, type SecurityTenants } from './support/security-tenants';

/**
 * ADR 0012 (amendment "views show a saved URL with its credentials as ***"): a URL's credential is
 * as secret as a header value, which no API returns. Hosted model gateways carry theirs in the path
 * (`…/s/<token>/v1`) or the query (`?api-key=…`), and every viewer of the tenant reads agent configs,
 * so an agent's model `baseURL` (and each fallback's) is shown like a webhook's or an MCP server's URL.
 */
const queryToken = 'azure-query-key-77c1b2e4';
const pathToken = 'Ab3dEf6hIj9kLm2nOp5q';
const fallbackToken = 'Zy9xWv8uTs7rQp6oNm5l';
const secrets = [queryToken, pathToken, fallbackToken, 'sk-header-key'];

let dataDirectory: string;
let tenants: SecurityTenants;
let server: ConsoleProcess;
let provider: ConnectionRecorder;
let agentId: string;
let baseURL: string;

type ModelView = { baseURL?: string; apiKey?: string };
type ConfigView = { model: ModelView; fallbackModels: ModelView[] } & Record<string, unknown>;

const leaked = (result: CallResult) => secrets.filter((secret) => result.text.includes(secret));
const admin = (method: string, requestPath: string, body?: unknown) =>
  restCall(server.baseUrl, tenants.tenantA.keys.admin, method, requestPath, body === undefined ? undefined : JSON.stringify(body));

beforeAll(async () => {
  ensureConsoleBuild();
  provider = await startConnectionRecorder(401);
  baseURL = `http://127.0.0.1:${provider.port}/openai/${pathToken}/v1?api-key=${queryToken}`;
  dataDirectory = mkdtempSync(path.join(tmpdir(), 'agent-model-url-'));
  tenants = await seedSecurityTenants(dataDirectory);
  server = await startConsole({ dataDirectory, environment: { AGENTLOOM_ALLOW_PRIVATE_TARGETS: '127.0.0.1' } });
  const created = await admin('POST', '/api/v1/agents', {
    slug: 'keyed-model',
    name: 'Keyed model',
    config: {
      model: { provider: 'openai-compatible', model: 'm', baseURL, apiKey: 'sk-header-key' },
      fallbackModels: [{ provider: 'openai-compatible', model: 'm2', baseURL: `http://127.0.0.1:${provider.port}/s/${fallbackToken}/v1` }],
    },
  });
  expect(created.status, created.text).toBe(201);
  agentId = (created.json as { id: string }).id;
}, 600_000);

afterAll(async () => {
  await server?.stop();
  await provider?.close();
  if (dataDirectory) rmSync(dataDirectory, { recursive: true, force: true });
});

describe('a model baseURL credential is never shown (as webhook and MCP server URLs are not)', () => {
  it('REST GET /api/v1/agents/{id} and /versions/1 as a viewer show the base URLs with their credentials as ***', async () => {
    for (const requestPath of [`/api/v1/agents/${agentId}`, `/api/v1/agents/${agentId}/versions/1`]) {
      const read = await restCall(server.baseUrl, tenants.tenantA.keys.viewer, 'GET', requestPath);
      expect(read.status, read.text).toBe(200);
      expect(leaked(read), requestPath).toEqual([]);
    }
    const read = await restCall(server.baseUrl, tenants.tenantA.keys.viewer, 'GET', `/api/v1/agents/${agentId}/versions/1`);
    const config = (read.json as { config: ConfigView }).config;
    // Scheme, host, port and the readable segments stay, so the endpoint is still recognizable.
    expect(config.model.baseURL).toBe(`http://127.0.0.1:${provider.port}/openai/***/v1?api-key=***`);
    expect(config.fallbackModels[0]?.baseURL).toBe(`http://127.0.0.1:${provider.port}/s/***/v1`);
  });

  it('tRPC agents.get and agents.version as a viewer do not contain them', async () => {
    const cookie = await sessionCookie(server.baseUrl, tenants.tenantA.keys.viewer);
    for (const [procedure, input] of [
      ['agents.get', { agentId }],
      ['agents.version', { agentId, version: 1 }],
    ] as const) {
      const read = await trpcCall(server.baseUrl, cookie, procedure, 'query', input);
      expect(read.status, read.text).toBe(200);
      expect(leaked(read), procedure).toEqual([]);
    }
  });

  it('the audit log keeps none of them', async () => {
    const read = await admin('GET', `/api/v1/audit-log?targetId=${agentId}`);
    expect(read.status).toBe(200);
    expect(leaked(read)).toEqual([]);
  });

  it('a save that sends the view back keeps the stored URLs: the next run calls the real one', async () => {
    const shown = (await admin('GET', `/api/v1/agents/${agentId}/versions/1`)).json as { config: ConfigView };
    const saved = await admin('POST', `/api/v1/agents/${agentId}/versions`, { config: { ...shown.config, instructions: 'Echoed.' } });
    expect(saved.status, saved.text).toBe(201);
    expect(leaked(saved)).toEqual([]);
    expect((saved.json as { version: { version: number; config: ConfigView } }).version.config.model.baseURL).toBe(shown.config.model.baseURL);

    const run = await admin('POST', '/api/v1/runs', { agentId, input: 'hello' });
    expect(run.status, run.text).toBeLessThan(300);
    const runId = (run.json as { id: string }).id;
    await eventually(async () => ((await admin('GET', `/api/v1/runs/${runId}`)).json as { status: string }).status === 'failed' || undefined);
    // The provider got the stored URL (its path token and query key) and the stored key, never the marks.
    const primary = provider.requests.find((request) => request.path.startsWith(`/openai/${pathToken}/v1?api-key=${queryToken}`));
    expect(primary, JSON.stringify(provider.requests.map((request) => request.path))).toBeDefined();
    expect(primary?.headers.authorization).toBe('Bearer sk-header-key');
    expect(provider.requests.filter((request) => request.path.includes('***'))).toEqual([]);
  }, 120_000);

  it('a save whose base URL holds *** but is not the stored URL’s view is a 400 naming the field', async () => {
    const shown = (await admin('GET', `/api/v1/agents/${agentId}`)).json as { latest: { config: ConfigView } };
    const { config } = shown.latest;
    const changedModel = await admin('POST', `/api/v1/agents/${agentId}/versions`, {
      config: { ...config, model: { ...config.model, baseURL: `http://127.0.0.1:${provider.port}/openai/***/v2?api-key=***` } },
    });
    expect(changedModel.status, changedModel.text).toBe(400);
    expect(changedModel.json).toMatchObject({ error: { kind: 'validation', field: 'config.model.baseURL' } });
    const changedFallback = await admin('POST', `/api/v1/agents/${agentId}/versions`, {
      config: { ...config, fallbackModels: [{ ...config.fallbackModels[0], baseURL: 'http://127.0.0.1:9/s/***/v1' }] },
    });
    expect(changedFallback.status, changedFallback.text).toBe(400);
    expect(changedFallback.json).toMatchObject({ error: { kind: 'validation', field: 'config.fallbackModels.0.baseURL' } });
    expect(((await admin('GET', `/api/v1/agents/${agentId}`)).json as { latestVersion: number }).latestVersion).toBe(2);
  });

  it('a base URL with a user name and password is refused at save (fetch cannot call it), naming the field and the fix', async () => {
    const created = await admin('POST', '/api/v1/agents', {
      slug: 'userinfo-model',
      name: 'Userinfo model',
      config: { model: { provider: 'openai-compatible', model: 'm', baseURL: `http://svc:sk-userinfo-secret@127.0.0.1:${provider.port}/v1` } },
    });
    expect(created.status, created.text).toBe(400);
    expect(created.json).toMatchObject({ error: { kind: 'validation', field: 'config.model.baseURL' } });
    expect((created.json as { error: { message: string } }).error.message).toContain('apiKey');
    expect(created.text).not.toContain('sk-userinfo-secret');
  });
});
