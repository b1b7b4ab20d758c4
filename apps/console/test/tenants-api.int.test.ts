import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { createTestDatabaseConfig, type TestDatabaseConfig } from '@agentloom/db/testing';
import { mintedAdminKeySchema, tenantListSchema, tenantViewSchema } from '@agentloom/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentDetailSchema, agentSchema, savedAgentVersionSchema } from '~/server/http/views/agent-views';

import { apiClient, eventually, type ApiClient } from './support/api-client';
import { ensureConsoleBuild } from './support/console-build';
import { startConsole, type ConsoleProcess } from './support/console-process';

/**
 * Issue 15 item 3: a second tenant and its work through the API only, on a console started on an
 * empty data directory (embedded) and on an empty Postgres database (server). The operator key and
 * the first admin key are read from the files a user reads them from; everything else is HTTP.
 */
interface ErrorBody {
  error: { kind: string; message: string; field?: string };
}
interface Identified {
  id: string;
}
interface RunBody extends Identified {
  status: string;
}

const runnable = { demoScript: { replies: [{ text: 'Done.' }] } };

describe.each(['embedded', 'server'] as const)('tenants and agents through the API (%s)', (mode) => {
  let dataDirectory: string;
  let database: TestDatabaseConfig | undefined;
  let server: ConsoleProcess;
  let operator: ApiClient;
  let adminA: ApiClient;

  beforeAll(async () => {
    ensureConsoleBuild();
    dataDirectory = mkdtempSync(path.join(tmpdir(), `agentloom-tenants-${mode}-`));
    database = mode === 'server' ? await createTestDatabaseConfig('server') : undefined;
    server = await startConsole({ dataDirectory, ...(database ? { databaseUrl: database.config.url! } : {}) });
    const readKey = (name: string) => readFileSync(path.join(dataDirectory, name), 'utf8').trim();
    operator = apiClient(server.baseUrl, readKey('operator-key'));
    adminA = apiClient(server.baseUrl, readKey('admin-key'));
  }, 600_000);

  afterAll(async () => {
    await server?.stop();
    await database?.dispose();
    if (dataDirectory) rmSync(dataDirectory, { recursive: true, force: true });
  });

  async function startRun(client: ApiClient, agentId: string, input: string): Promise<RunBody> {
    const created = await client<{ run: RunBody } & RunBody>('POST', '/api/v1/runs', { body: { agentId, input } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.run ?? created.body;
  }

  async function finished(client: ApiClient, runId: string): Promise<RunBody> {
    return eventually(async () => {
      const run = await client<RunBody>('GET', `/api/v1/runs/${runId}`);
      return ['succeeded', 'failed', 'cancelled'].includes(run.body.status) ? run.body : undefined;
    });
  }

  it('keeps the two kinds of key apart: a tenant admin key cannot manage tenants, the operator key reads no tenant data', async () => {
    for (const [method, requestPath] of [
      ['GET', '/api/v1/tenants'],
      ['POST', '/api/v1/tenants'],
    ] as const) {
      const refused = await adminA<ErrorBody>(method, requestPath, method === 'POST' ? { body: { slug: 'sneaky', name: 'Sneaky' } } : {});
      expect(refused.status).toBe(403);
      expect(refused.body.error.kind).toBe('forbidden');
    }
    for (const requestPath of ['/api/v1/me', '/api/v1/runs', '/api/v1/agents']) {
      const refused = await operator<ErrorBody>('GET', requestPath);
      expect(refused.status, requestPath).toBe(403);
      expect(refused.body.error.kind).toBe('forbidden');
    }
    const listed = await operator('GET', '/api/v1/tenants');
    expect(listed.status).toBe(200);
    expect(tenantListSchema.parse(listed.body).tenants.map((tenant) => tenant.slug)).toEqual(['demo']);
    const badOperatorKey = await apiClient(server.baseUrl, `alop_${'0'.repeat(12)}_${'x'.repeat(43)}`)<ErrorBody>('GET', '/api/v1/tenants');
    expect(badOperatorKey.status).toBe(401);
  });

  it('runs the two-tenant journey: create tenant B, its admin key, its agent and a run; neither tenant sees the other', async () => {
    const invalid = await operator<ErrorBody>('POST', '/api/v1/tenants', { body: { slug: 'tenant-b', name: 'Tenant B', retentionDays: 0 } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.field).toBe('retentionDays');

    const created = await operator<Identified>('POST', '/api/v1/tenants', { body: { slug: 'tenant-b', name: 'Tenant B', retentionDays: 90 } });
    expect(created.status).toBe(201);
    const tenantB = tenantViewSchema.parse(created.body);
    expect(tenantB).toMatchObject({ slug: 'tenant-b', retentionDays: 90, suspended: false, activeAdminKeys: 0 });

    const minted = await operator('POST', `/api/v1/tenants/${tenantB.id}/admin-keys`, { body: {} });
    expect(minted.status).toBe(201);
    const adminB = apiClient(server.baseUrl, mintedAdminKeySchema.parse(minted.body).key);
    expect((await operator<ErrorBody>('POST', `/api/v1/tenants/${tenantB.id}/admin-keys`, { body: {} })).status).toBe(409);
    expect((await adminB<{ tenantId: string }>('GET', '/api/v1/me')).body.tenantId).toBe(tenantB.id);

    // The console's guardrail: an agent that cannot run is refused, naming the field.
    const unrunnable = await adminB<ErrorBody>('POST', '/api/v1/agents', { body: { slug: 'helper', name: 'Helper', config: {} } });
    expect(unrunnable.status).toBe(400);
    expect(unrunnable.body.error.kind).toBe('validation');
    const unknownTool = await adminB<ErrorBody>('POST', '/api/v1/agents', {
      body: { slug: 'helper', name: 'Helper', config: { ...runnable, tools: ['no_such_tool'] } },
    });
    expect(unknownTool.status).toBe(400);

    const agentResponse = await adminB('POST', '/api/v1/agents', { body: { slug: 'helper', name: 'Helper', config: runnable } });
    expect(agentResponse.status).toBe(201);
    const agentB = agentDetailSchema.parse(agentResponse.body);
    expect(agentB.latestVersion).toBe(1);
    const duplicate = await adminB<ErrorBody>('POST', '/api/v1/agents', { body: { slug: 'helper', name: 'Again', config: runnable } });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error.field).toBe('slug');

    const saved = await adminB('POST', `/api/v1/agents/${agentB.id}/versions`, { body: { config: { demoScript: { replies: [{ text: 'Done, twice.' }] } } } });
    expect(saved.status).toBe(201);
    expect(savedAgentVersionSchema.parse(saved.body)).toMatchObject({ created: true, version: { version: 2 } });
    const unchanged = await adminB('POST', `/api/v1/agents/${agentB.id}/versions`, {
      body: { config: { demoScript: { replies: [{ text: 'Done, twice.' }] } } },
    });
    expect(unchanged.status).toBe(200);
    expect(savedAgentVersionSchema.parse(unchanged.body).created).toBe(false);

    const runB = await startRun(adminB, agentB.id, 'Tenant B asks');
    expect((await finished(adminB, runB.id)).status).toBe('succeeded');

    // Tenant A does the same through REST, then each looks for the other's work.
    const agentA = agentDetailSchema.parse((await adminA('POST', '/api/v1/agents', { body: { slug: 'a-helper', name: 'A helper', config: runnable } })).body);
    const runA = await startRun(adminA, agentA.id, 'Tenant A asks');
    expect((await finished(adminA, runA.id)).status).toBe('succeeded');

    for (const [client, foreignRun, foreignAgent] of [
      [adminA, runB.id, agentB.id],
      [adminB, runA.id, agentA.id],
    ] as const) {
      expect((await client<ErrorBody>('GET', `/api/v1/runs/${foreignRun}`)).status).toBe(404);
      expect((await client<ErrorBody>('GET', `/api/v1/agents/${foreignAgent}`)).status).toBe(404);
      expect((await client<ErrorBody>('POST', `/api/v1/agents/${foreignAgent}/versions`, { body: { config: runnable } })).status).toBe(404);
      expect((await client<ErrorBody>('POST', `/api/v1/agents/${foreignAgent}/archive`)).status).toBe(404);
      expect((await client<ErrorBody>('POST', '/api/v1/runs', { body: { agentId: foreignAgent, input: 'x' } })).status).toBe(404);
    }
    const runsOfB = await adminB<{ runs: Identified[] }>('GET', '/api/v1/runs');
    expect(runsOfB.body.runs.map((run) => run.id)).toEqual([runB.id]);
    const agentsOfB = await adminB<{ agents: Identified[] }>('GET', '/api/v1/agents?includeArchived=true');
    expect(agentsOfB.body.agents.map((agent) => agent.id)).toEqual([agentB.id]);
    const agentsOfA = await adminA<{ agents: Identified[] }>('GET', '/api/v1/agents?includeArchived=true');
    expect(agentsOfA.body.agents.map((agent) => agent.id)).not.toContain(agentB.id);
    const runsOfA = await adminA<{ runs: Identified[] }>('GET', '/api/v1/runs');
    expect(runsOfA.body.runs.map((run) => run.id)).not.toContain(runB.id);

    // Archive: no new runs; unarchive brings it back.
    const archived = await adminB('POST', `/api/v1/agents/${agentB.id}/archive`);
    expect(agentSchema.parse(archived.body).archived).toBe(true);
    expect((await adminB<ErrorBody>('POST', '/api/v1/runs', { body: { agentId: agentB.id, input: 'x' } })).status).toBeGreaterThanOrEqual(400);
    expect(agentSchema.parse((await adminB('DELETE', `/api/v1/agents/${agentB.id}/archive`)).body).archived).toBe(false);

    // A viewer of tenant B cannot write agents.
    const viewer = await adminB<{ key: string }>('POST', '/api/v1/api-keys', { body: { name: 'viewer', role: 'viewer' } });
    const viewerB = apiClient(server.baseUrl, viewer.body.key);
    expect((await viewerB<ErrorBody>('POST', '/api/v1/agents', { body: { slug: 'viewer-made', name: 'x', config: runnable } })).status).toBe(403);

    // Suspended: B's keys get their own 403 kind; A carries on; resumed, B works again.
    const suspended = await operator('POST', `/api/v1/tenants/${tenantB.id}/suspend`);
    expect(tenantViewSchema.parse(suspended.body).suspended).toBe(true);
    const refused = await adminB<ErrorBody>('GET', '/api/v1/runs');
    expect(refused.status).toBe(403);
    expect(refused.body.error.kind).toBe('tenant-suspended');
    expect((await adminA('GET', '/api/v1/runs')).status).toBe(200);
    await operator('POST', `/api/v1/tenants/${tenantB.id}/resume`);
    expect((await adminB('GET', '/api/v1/runs')).status).toBe(200);

    // Settings: validated field by field; a partial change keeps the rest.
    const badLimit = await operator<ErrorBody>('PATCH', `/api/v1/tenants/${tenantB.id}`, { body: { rateLimitPerMinute: 'fast' } });
    expect(badLimit.status).toBe(400);
    expect(badLimit.body.error.field).toBe('rateLimitPerMinute');
    const patched = await operator('PATCH', `/api/v1/tenants/${tenantB.id}`, { body: { rateLimitPerMinute: 600, rateLimitBurst: 50 } });
    expect(tenantViewSchema.parse(patched.body)).toMatchObject({ retentionDays: 90, rateLimitPerMinute: 600, rateLimitBurst: 50 });

    // Erase: the slug confirms it; afterwards B's key is gone and A's data is untouched.
    const unconfirmed = await operator<ErrorBody>('POST', `/api/v1/tenants/${tenantB.id}/erase`, { body: { confirmSlug: 'demo' } });
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body.error.field).toBe('confirmSlug');
    const erased = await operator<{ counts: Record<string, number> }>('POST', `/api/v1/tenants/${tenantB.id}/erase`, { body: { confirmSlug: 'tenant-b' } });
    expect(erased.status).toBe(200);
    expect(erased.body.counts).toMatchObject({ tenants: 1, agents: 1, runs: 1 });
    expect((await adminB('GET', '/api/v1/me')).status).toBe(401);
    expect((await operator('GET', `/api/v1/tenants/${tenantB.id}`)).status).toBe(404);
    expect((await adminA<RunBody>('GET', `/api/v1/runs/${runA.id}`)).body.status).toBe('succeeded');
  });

  it('documents the new operations with response schemas', async () => {
    const document = await adminA<{
      paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: object }> }> }>>;
      components: { schemas: Record<string, { type?: string }> };
    }>('GET', '/api/v1/openapi.json');
    const schemaOf = (apiPath: string, method: string, status: string) =>
      document.body.paths[apiPath]?.[method]?.responses[status]?.content?.['application/json']?.schema;
    // Each answer is a named view (`openapi-responses.int.test.ts` validates real answers against them).
    const named = {
      TenantList: ['/api/v1/tenants', 'get', '200'],
      MintedAdminKey: ['/api/v1/tenants/{id}/admin-keys', 'post', '201'],
      AgentDetail: ['/api/v1/agents', 'post', '201'],
      SavedAgentVersion: ['/api/v1/agents/{id}/versions', 'post', '201'],
    } as const;
    for (const [name, [apiPath, method, status]] of Object.entries(named)) {
      expect(schemaOf(apiPath, method, status)).toEqual({ $ref: `#/components/schemas/${name}` });
      expect(document.body.components.schemas[name]).toMatchObject({ type: 'object' });
    }
  });
});
