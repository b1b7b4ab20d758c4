import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { roles, type Role } from '@agentloom/platform';
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportedRoutes } from '~/server/http/openapi/route-files';
import { appRouter } from '~/server/trpc/root-router';

import { ensureConsoleBuild } from './support/console-build';
import { repositoryRoot, startConsole, type ConsoleProcess } from './support/console-process';
import { callTool, connectMcpClient, type ToolAnswer } from './support/mcp-client';
import { restCall, sessionCookie, trpcCall, type CallResult, type ProcedureType } from './support/security-calls';
import { mcpClients, readMcpResource, resourceNotFoundCode } from './support/security-mcp';
import { createTenantResources } from './support/security-resources';
import {
  mcpResourceCases,
  mcpToolCases,
  phantomResources,
  procedureCases,
  restCases,
  type Isolation,
  type TenantResources,
} from './support/security-surface';
import { seedSecurityTenants, type SecurityTenants } from './support/security-tenants';

/**
 * The tenant isolation and role matrices, generated from what the console serves: every method
 * exported by a route file under app/api/v1 and every procedure of the tRPC router, each mapped
 * in support/security-surface.ts to how it is exercised. A route or procedure missing from that
 * table fails the suite, so a new endpoint cannot ship untested.
 */
type RouteRole = Role | 'instanceAdmin';
const routes = exportedRoutes(path.join(repositoryRoot, 'apps/console/src/app/api/v1')).map((route) => ({
  key: `${route.method.toUpperCase()} ${route.path}`,
  role: route.role as RouteRole | undefined,
}));
// At run time `_def.procedures` is flat, keyed by dotted path (its static type is the nested record).
const flatProcedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: ProcedureType; meta?: { role?: RouteRole } } }>;
const procedures = Object.entries(flatProcedures).map(([procedurePath, procedure]) => ({
  key: procedurePath,
  type: procedure._def.type,
  role: procedure._def.meta?.role,
}));

let dataDirectory: string;
let tenants: SecurityTenants;
let server: ConsoleProcess;
let resources: TenantResources;
const cookies = new Map<string, string>();
let mcp: ReturnType<typeof mcpClients>;
/** What `/api/mcp` serves, read from its own `tools/list` and `resources/templates/list`. */
let servedMcpTools: { name: string; role: unknown }[];
let servedMcpTemplates: string[];

beforeAll(async () => {
  ensureConsoleBuild();
  dataDirectory = mkdtempSync(path.join(tmpdir(), 'agentloom-security-matrix-'));
  tenants = await seedSecurityTenants(dataDirectory);
  server = await startConsole({
    dataDirectory,
    environment: { AGENTLOOM_RATE_LIMIT_PER_MINUTE: '1000000', AGENTLOOM_RATE_LIMIT_BURST: '1000000', AGENTLOOM_WEBHOOK_ALLOW_PRIVATE_TARGETS: '127.0.0.1' },
  });
  resources = await createTenantResources(server.baseUrl, tenants);
  mcp = mcpClients(server.baseUrl);
  const client = await mcp.clientFor(tenants.tenantA.keys.viewer);
  servedMcpTools = (await client.listTools()).tools.map((tool) => ({ name: tool.name, role: tool._meta?.['agentloom/role'] }));
  servedMcpTemplates = (await client.listResourceTemplates()).resourceTemplates.map((template) => template.uriTemplate);
}, 600_000);

afterAll(async () => {
  await mcp?.closeAll();
  await server?.stop();
  if (dataDirectory) rmSync(dataDirectory, { recursive: true, force: true });
});

async function cookieFor(apiKey: string): Promise<string> {
  let cookie = cookies.get(apiKey);
  if (cookie === undefined) {
    cookie = await sessionCookie(server.baseUrl, apiKey);
    cookies.set(apiKey, cookie);
  }
  return cookie;
}

async function callRoute(key: string, apiKey: string | undefined, target: TenantResources): Promise<{ result: CallResult; request: string }> {
  const testCase = restCases[key]!;
  const method = key.split(' ')[0]!;
  const requestPath = testCase.path(target);
  const body = testCase.body ? JSON.stringify(testCase.body(target)) : undefined;
  return { result: await restCall(server.baseUrl, apiKey, method, requestPath, body), request: `${requestPath} ${body ?? ''}` };
}

async function callProcedure(key: string, apiKey: string | undefined, target: TenantResources): Promise<{ result: CallResult; request: string }> {
  const procedure = procedures.find((candidate) => candidate.key === key)!;
  const input = procedureCases[key]!.input?.(target);
  const cookie = apiKey === undefined ? undefined : await cookieFor(apiKey);
  return { result: await trpcCall(server.baseUrl, cookie, key, procedure.type, input), request: JSON.stringify(input ?? null) };
}

/** Tenant A's identifiers and marker that the request itself did not contain (error messages may echo those). */
function leakedSecrets(result: CallResult, request: string): string[] {
  const secrets = [
    resources.marker,
    resources.tenantId,
    resources.runId,
    resources.finishedRunId,
    resources.approvalId,
    resources.threadId,
    resources.memoryItemId,
    resources.apiKeyId,
    resources.webhookId,
    resources.deliveryId,
    resources.mcpServerId,
  ];
  return secrets.filter((secret) => !request.includes(secret) && result.text.includes(secret));
}

/** A tRPC answer's data (superjson envelope), or undefined for an error. */
function trpcData(result: CallResult): object | undefined {
  return (result.json as { result?: { data?: { json?: object } } } | null)?.result?.data?.json;
}

function searchHits(result: CallResult): unknown[] {
  const json = result.json as { hits?: unknown[]; result?: { data?: { json?: unknown } } } | null;
  const value = json?.hits ?? json?.result?.data?.json;
  return Array.isArray(value) ? value : ((value as { hits?: unknown[] } | undefined)?.hits ?? []);
}

function hitTenantOf(hit: unknown): string | undefined {
  return (hit as { item?: { scope?: { tenantId?: string } } }).item?.scope?.tenantId;
}

/** What a failed expectation shows: the answer, and for a 5xx the console's last log lines (the cause). */
function describeResult(result: CallResult): string {
  const serverLog = result.status >= 500 ? `\n--- console output ---\n${server.output().split('\n').slice(-30).join('\n')}` : '';
  return `${result.status} ${result.text.slice(0, 300)}${serverLog}`;
}

function expectIsolated(isolation: Isolation, { result, request }: { result: CallResult; request: string }): void {
  const context = describeResult(result);
  expect(leakedSecrets(result, request), context).toEqual([]);
  if (isolation === 'operator-only') {
    // The instance operator's routes: a tenant's admin is refused before anything is read or changed.
    expect(result.status, context).toBe(403);
    expect(result.kind, context).toBe('forbidden');
    return;
  }
  expect(result.status, context).not.toBe(403);
  expect(result.status, context).toBeLessThan(500);
  if (isolation === 'not-found') {
    expect(result.status, context).toBe(404);
    expect(result.kind, context).toBe('not-found');
  } else {
    expect(result.status, context).toBeLessThan(400);
    // Tenant B may find its own memories (the matrix stores some); never one of tenant A's.
    if (isolation === 'empty-search') expect(searchHits(result).filter((hit) => hitTenantOf(hit) !== tenants.tenantB.id), context).toEqual([]);
  }
}

function expectRole(required: RouteRole | undefined, caller: Role | 'anonymous', result: CallResult): void {
  const context = `${caller} → ${describeResult(result)}`;
  expect(result.status, context).toBeLessThan(500);
  if (required === 'instanceAdmin') {
    // No tenant role is enough; without a key it is the usual 401.
    expect(result.status, context).toBe(caller === 'anonymous' ? 401 : 403);
    expect(result.kind, context).toBe(caller === 'anonymous' ? 'unauthenticated' : 'forbidden');
  } else if (required === undefined) {
    expect([401, 403], context).not.toContain(result.status);
  } else if (caller === 'anonymous') {
    expect(result.status, context).toBe(401);
    expect(result.kind, context).toBe('unauthenticated');
  } else if (roles.indexOf(caller) < roles.indexOf(required)) {
    expect(result.status, context).toBe(403);
    expect(result.kind, context).toBe('forbidden');
  } else {
    expect([401, 403], context).not.toContain(result.status);
  }
}

describe('coverage: the tables name every route and procedure the console serves', () => {
  it('has a case for every REST method a route file exports, and none for methods that are gone', () => {
    const served = routes.map((route) => route.key);
    expect(
      served.filter((key) => !(key in restCases)),
      `add these to restCases in support/security-surface.ts: ${JSON.stringify(served.filter((key) => !(key in restCases)))}`,
    ).toEqual([]);
    expect(
      Object.keys(restCases).filter((key) => !served.includes(key)),
      'stale restCases',
    ).toEqual([]);
  });

  it('has a case for every tRPC procedure, and none for procedures that are gone', () => {
    const served = procedures.map((procedure) => procedure.key);
    expect(
      served.filter((key) => !(key in procedureCases)),
      `add these to procedureCases in support/security-surface.ts: ${JSON.stringify(served.filter((key) => !(key in procedureCases)))}`,
    ).toEqual([]);
    expect(
      Object.keys(procedureCases).filter((key) => !served.includes(key)),
      'stale procedureCases',
    ).toEqual([]);
  });
});

describe("tenant isolation: tenant B's admin on tenant A's resources", () => {
  it.each(routes.map((route) => route.key).filter((key) => key in restCases))('REST %s', async (key) => {
    expectIsolated(restCases[key]!.isolation, await callRoute(key, tenants.tenantB.keys.admin, resources));
  });

  it.each(procedures.map((procedure) => procedure.key).filter((key) => key in procedureCases))('tRPC %s', async (key) => {
    expectIsolated(procedureCases[key]!.isolation, await callProcedure(key, tenants.tenantB.keys.admin, resources));
  });

  it('left every resource of tenant A as it was (the admin of A still reads them)', async () => {
    for (const requestPath of [
      `/api/v1/runs/${resources.runId}`,
      `/api/v1/threads/${resources.threadId}`,
      `/api/v1/memories/${resources.memoryItemId}`,
      `/api/v1/webhooks/${resources.webhookId}/deliveries`,
    ]) {
      expect((await restCall(server.baseUrl, tenants.tenantA.keys.admin, 'GET', requestPath)).status, requestPath).toBe(200);
    }
    const thread = await restCall(server.baseUrl, tenants.tenantA.keys.admin, 'GET', `/api/v1/threads/${resources.threadId}`);
    expect(thread.text).toContain(resources.marker);
    const approvals = await restCall(server.baseUrl, tenants.tenantA.keys.admin, 'GET', `/api/v1/approvals?runId=${resources.runId}&status=pending`);
    expect(approvals.text).toContain(resources.approvalId);
  });
});

describe('role matrix: each role gets exactly what the route or procedure declares', () => {
  const callers = [...roles, 'anonymous'] as const;

  it.each(routes.filter((route) => route.key in restCases))('REST $key (role: $role)', async ({ key, role }) => {
    const phantom = phantomResources();
    for (const caller of callers) {
      const apiKey = caller === 'anonymous' ? undefined : tenants.tenantA.keys[caller];
      expectRole(role, caller, (await callRoute(key, apiKey, phantom)).result);
    }
  });

  it.each(procedures.filter((procedure) => procedure.key in procedureCases))('tRPC $key (role: $role)', async ({ key, role }) => {
    const phantom = phantomResources();
    const { answerKeys } = procedureCases[key]!;
    for (const caller of callers) {
      const apiKey = caller === 'anonymous' ? undefined : tenants.tenantA.keys[caller];
      const { result } = await callProcedure(key, apiKey, phantom);
      expectRole(role, caller, result);
      // Allowed to call it is not allowed to see all of it: each role gets exactly its part of the answer.
      if (answerKeys && caller !== 'anonymous') expect(Object.keys(trpcData(result) ?? {}).sort(), `${caller} → ${describeResult(result)}`).toEqual([...answerKeys(caller)].sort());
    }
  });
});

/** A tool answer as the isolation check reads it: tenant A's secrets that the call's arguments did not contain. */
function leakedByTool(answer: ToolAnswer, request: string): string[] {
  return leakedSecrets({ status: 200, text: answer.text, kind: answer.kind, json: answer.body, requestId: null, headers: new Headers() }, request);
}

describe('MCP (/api/mcp): every tool and resource, for every role and for another tenant', () => {
  it('has a case for every tool and resource template the server lists, each tool stating its role', () => {
    expect(servedMcpTools.map((tool) => tool.name).sort()).toEqual(Object.keys(mcpToolCases).sort());
    expect(servedMcpTools.filter((tool) => !roles.includes(tool.role as Role))).toEqual([]);
    expect([...servedMcpTemplates].sort()).toEqual(Object.keys(mcpResourceCases).sort());
  });

  it.each(Object.keys(mcpToolCases))("tenant B's admin on tenant A's resources: tool %s", async (name) => {
    const testCase = mcpToolCases[name]!;
    const args = testCase.arguments(resources);
    const answer = await callTool(await mcp.clientFor(tenants.tenantB.keys.admin), name, args);
    const context = answer.text.slice(0, 300);
    expect(leakedByTool(answer, JSON.stringify(args)), context).toEqual([]);
    expect(answer.kind, context).not.toBe('forbidden');
    expect(answer.kind, context).not.toBe('internal');
    if (testCase.isolation === 'not-found') {
      expect(answer.kind, context).toBe('not-found');
    } else {
      expect(answer.isError, context).toBe(false);
      if (testCase.isolation === 'empty-search') {
        const hits = (answer.body as { hits?: unknown[] }).hits ?? [];
        expect(hits.filter((hit) => hitTenantOf(hit) !== tenants.tenantB.id), context).toEqual([]);
      }
    }
  });

  it.each(Object.keys(mcpResourceCases))("tenant B's admin reads tenant A's resource %s: resource-not-found", async (template) => {
    const uri = mcpResourceCases[template]!(resources);
    const read = await readMcpResource(await mcp.clientFor(tenants.tenantB.keys.admin), uri);
    expect(read.errorCode, read.text).toBe(resourceNotFoundCode);
    expect(leakedByTool({ isError: true, body: {}, kind: undefined, text: read.text }, uri)).toEqual([]);
    // Tenant A still reads it.
    expect((await readMcpResource(await mcp.clientFor(tenants.tenantA.keys.viewer), uri)).errorCode).toBeUndefined();
  });

  it.each(Object.keys(mcpToolCases))('role matrix: tool %s', async (name) => {
    const required = servedMcpTools.find((tool) => tool.name === name)?.role as Role;
    const args = mcpToolCases[name]!.arguments(phantomResources());
    for (const caller of roles) {
      const answer = await callTool(await mcp.clientFor(tenants.tenantA.keys[caller]), name, args);
      const context = `${caller} → ${answer.text.slice(0, 300)}`;
      expect(answer.kind, context).not.toBe('internal');
      if (roles.indexOf(caller) < roles.indexOf(required)) expect(answer.kind, context).toBe('forbidden');
      else expect(['forbidden', 'unauthenticated'], context).not.toContain(answer.kind);
    }
  });

  it('refuses a caller without a key at the HTTP level (401), before any tool or resource', async () => {
    const refused = await connectMcpClient(server.baseUrl, undefined).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(StreamableHTTPError);
    expect((refused as StreamableHTTPError).code).toBe(401);
  });
});

describe('the instance operator key: tenants only, no tenant data (ADR 0035)', () => {
  it.each(routes.filter((route) => route.key in restCases && route.role !== undefined))('REST $key (role: $role)', async ({ key, role }) => {
    const { result } = await callRoute(key, tenants.operatorKey, phantomResources());
    const context = describeResult(result);
    if (role === 'instanceAdmin') {
      // Allowed: it reaches the service (phantom ids are 404s, lists and creates succeed).
      expect([401, 403], context).not.toContain(result.status);
      expect(result.status, context).toBeLessThan(500);
    } else {
      expect(result.status, context).toBe(403);
      expect(result.kind, context).toBe('forbidden');
    }
  });
});

describe('the operator console session: the tenants procedures and nothing else (ADR 0041)', () => {
  it.each(procedures.filter((procedure) => procedure.key in procedureCases && procedure.role !== undefined))('tRPC $key (role: $role)', async ({ key, role }) => {
    const { result } = await callProcedure(key, tenants.operatorKey, phantomResources());
    const context = describeResult(result);
    if (role === 'instanceAdmin') {
      expect([401, 403], context).not.toContain(result.status);
      expect(result.status, context).toBeLessThan(500);
    } else {
      // A valid session of the wrong kind is told so (403), as the REST API tells an operator key.
      expect(result.status, context).toBe(403);
      expect(result.kind, context).toBe('forbidden');
    }
  });
});
