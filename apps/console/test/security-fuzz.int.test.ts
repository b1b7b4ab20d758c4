import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, expect, it } from 'vitest';
import { appRouter } from '~/server/trpc/root-router';

import { ensureConsoleBuild } from './support/console-build';
import { startConsole, type ConsoleProcess } from './support/console-process';
import { describeFuzzRequest, generateFuzzRequests, type Caller, type FuzzRequest } from './support/fuzz-requests';
import { fetchWithReconnect, restCall, sessionCookie, trpcRaw, type CallResult, type ProcedureType } from './support/security-calls';
import { createTenantResources } from './support/security-resources';
import type { TenantResources } from './support/security-surface';
import { seedSecurityTenants, type SecurityTenants } from './support/security-tenants';

/**
 * Seeded fuzzing of every REST route and tRPC procedure of the production console: malformed
 * paths, ids, queries, bodies (wrong types, missing fields, huge and unicode strings, bad JSON,
 * bodies over 1 MiB) and tRPC envelopes. No answer may be a 5xx, every error must have the API's
 * shape, and the console must still be healthy afterwards. `AGENTLOOM_FUZZ_SEED` replays a run.
 */
const seed = Number(process.env.AGENTLOOM_FUZZ_SEED ?? 20_261_130);
const requestCount = 5_200;
const concurrency = 6;

const flatProcedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: ProcedureType } }>;
const procedureTypes = Object.fromEntries(Object.entries(flatProcedures).map(([name, procedure]) => [name, procedure._def.type]));

let dataDirectory: string;
let tenants: SecurityTenants;
let server: ConsoleProcess;
let resources: TenantResources;
const credentials = new Map<Caller, { key: string | undefined; cookie: string | undefined }>();

beforeAll(async () => {
  ensureConsoleBuild();
  dataDirectory = mkdtempSync(path.join(tmpdir(), 'agentloom-security-fuzz-'));
  tenants = await seedSecurityTenants(dataDirectory);
  server = await startConsole({
    dataDirectory,
    environment: { AGENTLOOM_RATE_LIMIT_PER_MINUTE: '1000000', AGENTLOOM_RATE_LIMIT_BURST: '1000000', AGENTLOOM_WEBHOOK_ALLOW_PRIVATE_TARGETS: '127.0.0.1' },
  });
  resources = await createTenantResources(server.baseUrl, tenants);
  const signedIn = async (key: string) => ({ key, cookie: await sessionCookie(server.baseUrl, key) });
  credentials.set('admin', await signedIn(tenants.tenantA.keys.admin));
  credentials.set('viewer', await signedIn(tenants.tenantA.keys.viewer));
  credentials.set('other-tenant', await signedIn(tenants.tenantB.keys.admin));
  credentials.set('anonymous', { key: undefined, cookie: undefined });
  credentials.set('garbage-key', { key: 'al_000000000000_not-a-real-secret', cookie: 'agentloom_session=garbage' });
}, 600_000);

afterAll(async () => {
  await server?.stop();
  if (dataDirectory) rmSync(dataDirectory, { recursive: true, force: true });
});

async function send(request: FuzzRequest): Promise<CallResult> {
  const { key, cookie } = credentials.get(request.caller)!;
  if (request.transport === 'rest') return restCall(server.baseUrl, key, request.method, request.path, request.body, request.headers);
  // Subscriptions are never batched (they are event streams).
  if (!request.batch || request.type === 'subscription') return trpcRaw(server.baseUrl, cookie, request.procedure, request.type, request.serializedInput);
  // The batch form the console's own client uses: `?batch=1` and inputs keyed by position.
  return rawBatch(cookie, request.procedure, request.type, `{"0":${request.serializedInput ?? '{}'}}`);
}

async function rawBatch(cookie: string | undefined, procedure: string, type: ProcedureType, batchInput: string): Promise<CallResult> {
  const url = `${server.baseUrl}/api/trpc/${procedure}?batch=1`;
  const headers: Record<string, string> = cookie ? { Cookie: cookie } : {};
  const response =
    type === 'mutation'
      ? await fetchWithReconnect(url, {
          method: 'POST',
          headers: { ...headers, 'Content-Type': 'application/json' },
          body: batchInput,
          signal: AbortSignal.timeout(15_000),
        })
      : await fetchWithReconnect(`${url}&input=${encodeURIComponent(batchInput)}`, { headers, signal: AbortSignal.timeout(15_000) });
  const text = await response.text();
  return { status: response.status, text, kind: undefined, json: safeJson(text) };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Node's HTTP parser refuses request heads over 16 KiB (431, or a closed connection) before the
 * console sees the request; those answers are Node's, not the API's, and are all they can be.
 */
const maximumHeadBytes = 16 * 1024;

function headBytes(request: FuzzRequest): number {
  const target = request.transport === 'rest' ? request.path + Object.values(request.headers).join('') : encodeURIComponent(request.serializedInput ?? '');
  return target.length + 600;
}

/** Why an answer breaks the contract, or undefined when it keeps it. */
function violation(request: FuzzRequest, result: CallResult): string | undefined {
  if (result.status === 431 && headBytes(request) > maximumHeadBytes) return undefined;
  if (result.status >= 500) return `status ${result.status}`;
  if (result.status < 400) return undefined;
  if (request.transport === 'rest') {
    const error = (result.json as { error?: { kind?: unknown; message?: unknown } } | undefined)?.error;
    return typeof error?.kind === 'string' && typeof error.message === 'string' ? undefined : 'REST error without { error: { kind, message } }';
  }
  // A failed subscription answers with a serialized-error frame; its kind was read from it.
  if (request.type === 'subscription' && result.json === undefined) return result.kind === undefined ? 'subscription error without a kind' : undefined;
  const json = safeJson(result.text) ?? result.json;
  const entries = Array.isArray(json) ? (json as unknown[]) : [json];
  const malformed = entries.some((entry) => {
    const error = (entry as { error?: { json?: { message?: unknown; data?: { kind?: unknown } } } } | undefined)?.error?.json;
    if (error === undefined) return (entry as { result?: unknown } | undefined)?.result === undefined;
    return typeof error.message !== 'string' || typeof error.data?.kind !== 'string';
  });
  return malformed ? 'tRPC error without { message, data: { kind } }' : undefined;
}

it(`answers ${requestCount} malformed requests (seed ${seed}) without a 5xx, always in the error shape, and stays up`, async () => {
  const requests = generateFuzzRequests(resources, procedureTypes, seed, requestCount);
  const failures: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const index = next++;
      const request = requests[index]!;
      try {
        const result = await send(request);
        const problem = violation(request, result);
        if (problem) failures.push(`#${index} ${problem}: ${describeFuzzRequest(request)} → ${result.status} ${result.text.slice(0, 300)}`);
      } catch (error) {
        if (headBytes(request) > maximumHeadBytes) continue;
        const cause = (error as Error).cause instanceof Error ? ` / ${((error as Error).cause as Error).message}` : '';
        failures.push(`#${index} request failed (${(error as Error).message}${cause}): ${describeFuzzRequest(request)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const health = await fetch(`${server.baseUrl}/api/health`);
  const report =
    failures.length === 0
      ? ''
      : `\nReplay with AGENTLOOM_FUZZ_SEED=${seed}\n${failures.slice(0, 25).join('\n')}\n--- console output ---\n${server.output().split('\n').slice(-40).join('\n')}`;
  expect(failures.length, report).toBe(0);
  expect(health.status, 'the console no longer answers /api/health').toBe(200);
}, 600_000);
