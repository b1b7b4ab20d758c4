import type { ApiOperation } from '~/server/http/openapi/api-operation';
import { apiRouteMethods } from '~/server/edge/api-route-methods';

import { restKey, restPath, trpcHeaders, trpcTarget, type EdgeCase, type ProcedureShape } from './edge-fuzz-types';
import { fieldProbes, withProbe } from './request-fields';
import { procedureCases, restCases, type TenantResources } from './security-surface';

/** Text Postgres cannot store: lone surrogates (high, low) and NUL. */
const unstorableTexts = ['\ud800', 'lone \udfff low', 'nul \u0000 char'];
const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** Unstorable text in every field of every request schema: 400 validation naming exactly that field. */
export function unstorableJson(resources: TenantResources, operations: readonly ApiOperation[], procedures: Record<string, ProcedureShape>): EdgeCase[] {
  const cases: EdgeCase[] = [];
  for (const operation of operations.filter((candidate) => candidate.body !== undefined)) {
    const valid = restCases[restKey(operation)]!.body?.(resources);
    fieldProbes(operation.body!).forEach((probe, index) => {
      for (const text of [unstorableTexts[0]!, unstorableTexts[1 + (index % 2)]!]) {
        const { input, field } = withProbe(valid, probe, text);
        cases.push({
          fuzzClass: 'unstorable-json',
          transport: 'rest',
          method: operation.method.toUpperCase(),
          target: restPath(operation, resources),
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(input),
          // The tenants API answers the operator key only (a tenant admin gets 403 before the body is read).
          caller: operation.role === 'instanceAdmin' ? 'operator' : 'admin',
          expect: { status: 400, kind: 'validation', field: field.length > 0 ? field.join('.') : 'body' },
        });
      }
    });
  }
  for (const [name, shape] of Object.entries(procedures)) {
    if (shape.input === undefined) continue;
    const valid = procedureCases[name]?.input?.(resources);
    fieldProbes(shape.input).forEach((probe, index) => {
      for (const text of [unstorableTexts[0]!, unstorableTexts[1 + (index % 2)]!]) {
        const { input, field } = withProbe(valid, probe, text);
        const { method, target, body } = trpcTarget(name, shape, input);
        // A subscription's error travels in a frame that carries the kind but not the field.
        const named = shape.type === 'subscription' ? {} : { field: ['input', ...field].join('.') };
        cases.push({
          fuzzClass: 'unstorable-json',
          transport: 'trpc',
          method,
          target,
          headers: trpcHeaders(method),
          ...(body === undefined ? {} : { body }),
          caller: 'admin',
          expect: { status: 400, kind: 'validation', ...named },
        });
      }
    });
  }
  return cases;
}

/** Every method a route does not export: 405 with `Allow` and the error shape; tRPC procedures too. */
export function wrongMethods(resources: TenantResources, operations: readonly ApiOperation[], procedures: Record<string, ProcedureShape>): EdgeCase[] {
  const cases: EdgeCase[] = [];
  // REST `/api/v1`: the methods the OpenAPI operations declare are the allowed ones.
  const byPath = new Map<string, string[]>();
  for (const operation of operations) byPath.set(operation.path, [...(byPath.get(operation.path) ?? []), operation.method.toUpperCase()]);
  // The other API routes (session, health, metrics, tRPC endpoint) are not in the OpenAPI document.
  for (const [template, exported] of Object.entries(apiRouteMethods)) if (!template.startsWith('/api/v1/')) byPath.set(template, [...exported]);
  for (const [template, exported] of byPath) {
    const allowed = [...new Set([...exported, 'OPTIONS', ...(exported.includes('GET') ? ['HEAD'] : [])])].sort().join(', ');
    const operation = operations.find((candidate) => candidate.path === template);
    const target = operation ? restPath(operation, resources) : template.replace('{trpc}', 'runs.list');
    for (const method of methods.filter((candidate) => !exported.includes(candidate))) {
      cases.push({
        fuzzClass: 'wrong-method',
        transport: template.startsWith('/api/trpc/') ? 'trpc' : 'rest',
        method,
        target,
        headers: {},
        caller: 'admin',
        expect: { status: 405, kind: 'method-not-allowed', allow: allowed },
      });
    }
  }
  // tRPC itself: a query or subscription sent as POST, a mutation as GET.
  for (const [name, shape] of Object.entries(procedures)) {
    const method = shape.type === 'mutation' ? 'GET' : 'POST';
    cases.push({
      fuzzClass: 'wrong-method',
      transport: 'trpc',
      method,
      target: method === 'GET' ? `/api/trpc/${name}?input=${encodeURIComponent('{"json":{}}')}` : `/api/trpc/${name}`,
      headers: trpcHeaders(method),
      ...(method === 'POST' ? { body: '{"json":{}}' } : {}),
      caller: 'admin',
      expect: { status: 405, kind: 'method-not-allowed', allow: shape.type === 'mutation' ? 'POST' : 'GET' },
    });
  }
  return cases;
}

/** 30 MiB to tRPC, declared and streamed, single and batched: 413 in the tRPC shape. */
export function hugeTrpcBodies(): EdgeCase[] {
  const hugeBytes = 30 * 1024 * 1024;
  return [
    { target: '/api/trpc/runs.create', streamed: false },
    { target: '/api/trpc/memory.store', streamed: true },
    { target: '/api/trpc/runs.create,threads.create?batch=1', streamed: false },
    { target: '/api/trpc/runs.cancel', streamed: true },
  ].map(({ target, streamed }) => ({
    fuzzClass: 'huge-trpc-body',
    transport: 'trpc',
    method: 'POST',
    target,
    headers: trpcHeaders('POST'),
    body: { hugeBytes, streamed },
    caller: 'admin',
    expect: { status: 413, kind: 'payload-too-large' },
  }));
}
