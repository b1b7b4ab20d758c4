import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, expect } from 'vitest';

import { ensureConsoleBuild } from '../support/console-build';
import { startConsole, type ConsoleProcess } from '../support/console-process';
import { fetchOnNewConnection } from '../support/new-connection';
import { openApiResponseValidator, type OpenApiResponseValidator } from '../support/openapi-response-validator';
import { createTenantResources } from '../support/security-resources';
import type { TenantResources } from '../support/security-surface';
import { seedMemoryDecision } from '../support/seed-memory-decision';
import { seedSecurityTenants, type SecurityTenants } from '../support/security-tenants';

/**
 * Shared by the OpenAPI response suite (openapi-responses.int.test.ts) and its resource modules in
 * this folder: one live console seeded with two tenants, the validator built from the document it
 * serves, and `call` / `download`, which drive one operation and validate its 2xx answer.
 */

// Live bindings: set by the hooks below before any test of the suite reads them.
let dataDirectory: string;
export let tenants: SecurityTenants;
export let server: ConsoleProcess;
export let resources: TenantResources;
export let validator: OpenApiResponseValidator;
export let decision: { decisionId: string; runId: string };
/** Every operation's answers seen so far, as `status content-type`, for the coverage check. */
export const validated = new Map<string, Set<string>>();

/** Registers the suite's hooks: one seeded console for every resource module, stopped at the end. */
export function useConsoleForResponses(): void {
  beforeAll(async () => {
    ensureConsoleBuild();
    dataDirectory = mkdtempSync(path.join(tmpdir(), 'agentloom-openapi-responses-'));
    tenants = await seedSecurityTenants(dataDirectory);
    decision = await seedMemoryDecision(dataDirectory, tenants.tenantA.keys.admin, tenants.tenantA.agentIds['demo-researcher']!);
    server = await startConsole({
      dataDirectory,
      environment: { AGENTLOOM_RATE_LIMIT_PER_MINUTE: '1000000', AGENTLOOM_RATE_LIMIT_BURST: '1000000', AGENTLOOM_WEBHOOK_ALLOW_PRIVATE_TARGETS: '127.0.0.1' },
    });
    resources = await createTenantResources(server.baseUrl, tenants);
    const document = (await (await fetchOnNewConnection(`${server.baseUrl}/api/v1/openapi.json`, {})).json()) as Parameters<typeof openApiResponseValidator>[0];
    validator = openApiResponseValidator(document);
  }, 600_000);

  afterAll(async () => {
    await server?.stop();
    if (dataDirectory) rmSync(dataDirectory, { recursive: true, force: true });
  });
}

export function record(operationId: string, status: number, contentType: string): void {
  const seen = validated.get(operationId) ?? new Set<string>();
  seen.add(`${status} ${contentType}`);
  validated.set(operationId, seen);
}

/**
 * Calls one operation as tenant A's admin, requires a 2xx, validates the JSON body against the
 * document and returns it. The request's method and path must be the operation's own.
 */
export async function call<Body = Record<string, unknown>>(
  operationId: string,
  requestPath: string,
  options: { body?: unknown; headers?: Record<string, string>; apiKey?: string | null } = {},
): Promise<Body> {
  const located = validator.operations.get(operationId);
  if (!located) throw new Error(`${operationId} is not in the document`);
  const template = new RegExp(`^${located.path.replace(/\{\w+\}/g, '[^/]+')}$`);
  expect(requestPath.split('?')[0], `${operationId} is ${located.method.toUpperCase()} ${located.path}`).toMatch(template);
  const apiKey = options.apiKey === undefined ? tenants.tenantA.keys.admin : options.apiKey;
  const response = await fetchOnNewConnection(`${server.baseUrl}${requestPath}`, {
    method: located.method.toUpperCase(),
    headers: {
      ...(apiKey ? { Authorization: `Bearer ${apiKey}` } : {}),
      ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  expect(response.status, `${operationId} ${requestPath} → ${response.status} ${text.slice(0, 300)}`).toBeGreaterThanOrEqual(200);
  expect(response.status, `${operationId} ${requestPath} → ${response.status} ${text.slice(0, 300)}`).toBeLessThan(300);
  const contentType = (response.headers.get('content-type') ?? '').split(';')[0]!;
  const body = JSON.parse(text) as Body;
  expect(validator.problems(operationId, response.status, contentType, body), `${requestPath} → ${text.slice(0, 2000)}`).toEqual([]);
  record(operationId, response.status, contentType);
  return body;
}

/**
 * Calls a download operation (its success is text lines) as tenant A's admin: requires a 2xx in the
 * expected content type; JSONL lines are each validated against the line schema the document names,
 * a CSV's header must list exactly that schema's fields.
 */
export async function download(operationId: string, requestPath: string, expectedType: string): Promise<string> {
  const located = validator.operations.get(operationId);
  if (!located) throw new Error(`${operationId} is not in the document`);
  const response = await fetchOnNewConnection(`${server.baseUrl}${requestPath}`, { method: 'GET', headers: { Authorization: `Bearer ${tenants.tenantA.keys.admin}` } });
  const text = await response.text();
  expect(response.status, `${operationId} ${requestPath} → ${response.status} ${text.slice(0, 300)}`).toBe(200);
  const contentType = (response.headers.get('content-type') ?? '').split(';')[0]!;
  expect(contentType).toBe(expectedType);
  const lines = text.trim().split('\n');
  if (contentType === 'text/csv') {
    const header = lines[0]!.split(',');
    const probe = Object.fromEntries(header.map((name) => [name, null]));
    // Only "required field missing" / "unknown field" problems matter for a header; null values are not the point.
    const problems = validator.problems(operationId, response.status, contentType, probe).filter((problem) => /required|additional/.test(problem));
    expect(problems, requestPath).toEqual([]);
  } else {
    for (const line of lines) expect(validator.problems(operationId, response.status, contentType, JSON.parse(line)), `${requestPath} → ${line}`).toEqual([]);
  }
  record(operationId, response.status, contentType);
  return text;
}

export const runIsIn = (runId: string, statuses: string[]) => async () => {
  const run = await call<{ status: string }>('getRun', `/api/v1/runs/${runId}`);
  return statuses.includes(run.status) ? run : undefined;
};
