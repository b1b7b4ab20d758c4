import { readdirSync } from 'node:fs';
import path from 'node:path';

import type { ApiOperation } from '~/server/http/openapi/api-operation';

import { hugeTrpcBodies, unstorableJson, wrongMethods } from './edge-fuzz-body-cases';
import { badEscapes, restKey, restPath, trpcHeaders, trpcTarget, type EdgeCase, type ProcedureShape } from './edge-fuzz-types';
import { repositoryRoot } from './console-process';
import { procedureCases, restCases, type TenantResources } from './security-surface';

/** Every edge case, generated from the route registry, the OpenAPI operations, the router and the app folder. */
export function generateEdgeCases(resources: TenantResources, operations: readonly ApiOperation[], procedures: Record<string, ProcedureShape>): EdgeCase[] {
  return [
    ...cookieEscapes(resources, operations, procedures),
    ...pathEscapes(resources, operations, procedures),
    ...queryCases(resources, operations, procedures),
    ...unstorableJson(resources, operations, procedures),
    ...wrongMethods(resources, operations, procedures),
    ...hugeTrpcBodies(),
  ];
}

/** A session cookie with a malformed escape is no session: 401 where a role is needed, never a 500. */
function cookieEscapes(resources: TenantResources, operations: readonly ApiOperation[], procedures: Record<string, ProcedureShape>): EdgeCase[] {
  return badEscapes.flatMap((escape): EdgeCase[] => {
    const headers = { Cookie: `theme=dark; agentloom_session=${escape}` };
    const rest = operations.map((operation): EdgeCase => {
      const body = restCases[restKey(operation)]!.body?.(resources);
      return {
        fuzzClass: 'cookie-escape',
        transport: 'rest',
        method: operation.method.toUpperCase(),
        target: restPath(operation, resources),
        headers: { ...headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        caller: 'anonymous',
        expect: operation.role === 'public' ? { status: 'below-500' } : { status: 401, kind: 'unauthenticated' },
      };
    });
    const trpc = Object.entries(procedures).map(([name, shape]): EdgeCase => {
      const { method, target, body } = trpcTarget(name, shape, procedureCases[name]?.input?.(resources));
      return {
        fuzzClass: 'cookie-escape',
        transport: 'trpc',
        method,
        target,
        headers: { ...headers, ...trpcHeaders(method) },
        ...(body === undefined ? {} : { body }),
        caller: 'anonymous',
        expect: shape.role === undefined ? { status: 'below-500' } : { status: 401, kind: 'unauthenticated' },
      };
    });
    const pages = pageTemplates().map((template): EdgeCase => ({
      fuzzClass: 'cookie-escape',
      transport: 'page',
      method: 'GET',
      target: template.replace(/\{[^}]+\}/g, resources.runId),
      headers,
      caller: 'anonymous',
      expect: { status: 'below-500' },
    }));
    return [...rest, ...trpc, ...pages];
  });
}

/** A malformed escape in any path segment: 400 naming `path`, for API routes, tRPC and pages. */
function pathEscapes(resources: TenantResources, operations: readonly ApiOperation[], procedures: Record<string, ProcedureShape>): EdgeCase[] {
  const pathCase = (transport: EdgeCase['transport'], method: string, target: string): EdgeCase => ({
    fuzzClass: 'path-escape',
    transport,
    method,
    target,
    headers: {},
    caller: transport === 'page' ? 'anonymous' : 'admin',
    expect: { status: 400, kind: 'validation', field: 'path' },
  });
  return badEscapes.flatMap((escape) => [
    ...operations.flatMap((operation) => {
      const segments = operation.path.split('/');
      // Each dynamic segment in turn, and the last segment for routes without any.
      const positions = segments.flatMap((segment, index) => (segment.startsWith('{') ? [index] : []));
      return (positions.length > 0 ? positions : [segments.length - 1]).map((position) => {
        const real = restPath(operation, resources).split('/');
        real[position] = `${real[position]}${escape}`;
        return pathCase('rest', operation.method.toUpperCase(), real.join('/'));
      });
    }),
    ...Object.keys(procedures).map((name) => pathCase('trpc', 'GET', `/api/trpc/${name}${escape}`)),
    // Dynamic segments get the escape in their place, static pages at the end of their path.
    ...pageTemplates().map((template) =>
      pathCase('page', 'GET', template.includes('{') ? template.replace(/\{[^}]+\}/g, escape) : `${template.replace(/\/$/, '')}/x${escape}`),
    ),
  ]);
}

/**
 * Query strings: malformed escapes in every parameter of every operation (Next decodes them
 * leniently, so the answer is whatever the value means: never a 5xx), and a NUL in every parameter
 * (400 naming it). tRPC's `input` parameter gets the malformed escapes too.
 */
function queryCases(resources: TenantResources, operations: readonly ApiOperation[], procedures: Record<string, ProcedureShape>): EdgeCase[] {
  const cases: EdgeCase[] = [];
  for (const operation of operations.filter((candidate) => candidate.query !== undefined)) {
    for (const name of Object.keys(operation.query!.shape)) {
      const base = { transport: 'rest' as const, method: operation.method.toUpperCase(), headers: {}, caller: 'admin' as const };
      const target = (value: string) => `${restPath(operation, resources)}?${name}=${value}`;
      for (const escape of badEscapes) cases.push({ ...base, fuzzClass: 'query-escape', target: target(`a${escape}`), expect: { status: 'below-500' } });
      cases.push({ ...base, fuzzClass: 'unstorable-query', target: target('a%00b'), expect: { status: 400, kind: 'validation', field: name } });
    }
  }
  for (const [name] of Object.entries(procedures).filter(([, candidate]) => candidate.type !== 'mutation')) {
    for (const escape of badEscapes) {
      cases.push({
        fuzzClass: 'query-escape',
        transport: 'trpc',
        method: 'GET',
        target: `/api/trpc/${name}?input=${escape}`,
        headers: {},
        caller: 'admin',
        expect: { status: 'below-500' },
      });
    }
  }
  return cases;
}

/** The console's page URLs (`{param}` for dynamic segments), read from the app folder. */
function pageTemplates(): string[] {
  const appFolder = path.join(repositoryRoot, 'apps/console/src/app');
  const visit = (folder: string): string[] =>
    readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
      if (entry.isDirectory()) return entry.name === 'api' ? [] : visit(path.join(folder, entry.name));
      if (entry.name !== 'page.tsx') return [];
      const segments = path
        .relative(appFolder, folder)
        .split(path.sep)
        .filter((segment) => segment !== '' && !/^\(.+\)$/.test(segment));
      return [`/${segments.map((segment) => segment.replace(/^\[(.+)\]$/, '{$1}')).join('/')}`];
    });
  return visit(appFolder);
}
