import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { validate } from '@readme/openapi-parser';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { apiOperations } from './api-operations';
import { apiVersion } from './openapi-document-instance';
import { buildOpenApiDocument } from './openapi-document';
import { exportedRoutes } from './route-files';

const apiFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../app/api/v1');
const key = (method: string, apiPath: string) => `${method.toUpperCase()} ${apiPath}`;

describe('the operation registry', () => {
  const routes = exportedRoutes(apiFolder);

  it('finds the route files (guards the glob itself)', () => {
    expect(routes.map((route) => key(route.method, route.path))).toEqual(expect.arrayContaining(['POST /api/v1/runs', 'GET /api/v1/threads/{id}/messages']));
  });

  it('lists every method a route file exports, with the role the route declares', () => {
    const registered = new Map(apiOperations.map((operation) => [key(operation.method, operation.path), operation]));
    const missing = routes.filter((route) => !registered.has(key(route.method, route.path))).map((route) => `${key(route.method, route.path)} (${route.file})`);
    expect(missing, 'Add these to an operations file under server/http/openapi/operations').toEqual([]);
    const mismatched = routes
      .filter((route) => (route.role ?? 'public') !== registered.get(key(route.method, route.path))?.role)
      .map((route) => `${key(route.method, route.path)}: route says ${route.role ?? 'public'}`);
    expect(mismatched).toEqual([]);
  });

  it('lists nothing that no route file serves, each operation once, with unique operation ids', () => {
    const served = new Set(routes.map((route) => key(route.method, route.path)));
    expect(apiOperations.filter((operation) => !served.has(key(operation.method, operation.path))).map((operation) => operation.operationId)).toEqual([]);
    expect(new Set(apiOperations.map((operation) => key(operation.method, operation.path))).size).toBe(apiOperations.length);
    expect(new Set(apiOperations.map((operation) => operation.operationId)).size).toBe(apiOperations.length);
  });

  it('names every path parameter', () => {
    for (const operation of apiOperations) {
      const names = [...operation.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      expect(Object.keys(operation.pathParameters ?? {}), operation.operationId).toEqual(names);
    }
  });
});

describe('the OpenAPI document', () => {
  const document = buildOpenApiDocument(apiOperations, apiVersion);

  it('describes every tag its operations use (redocly lint warns otherwise; the integration lint test runs it)', () => {
    const tags = (buildOpenApiDocument(apiOperations, apiVersion).tags ?? []) as { name: string; description?: string }[];
    expect(tags.filter((tag) => !tag.description).map((tag) => tag.name)).toEqual([]);
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await validate(structuredClone(document) as Parameters<typeof validate>[0]);
    expect(result.valid ? [] : result.errors).toEqual([]);
    expect(document.openapi).toBe('3.1.0');
  });

  it('passes a stock OpenAPI 3.1 schema validator (@seriousme/openapi-schema-validator)', async () => {
    const result = await new Validator().validate(structuredClone(document));
    expect(result.valid ? [] : result.errors).toEqual([]);
  });

  it('gives every 2xx answer a schema: a named component for JSON, the frame (or line) schema for a stream (or download)', () => {
    const components = (document.components as { schemas: Record<string, unknown> }).schemas;
    const untyped: string[] = [];
    for (const [apiPath, methods] of Object.entries(document.paths as Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }> }>>)) {
      for (const [method, operation] of Object.entries(methods)) {
        for (const [status, response] of Object.entries(operation.responses).filter(([status]) => status.startsWith('2'))) {
          for (const [contentType, media] of Object.entries(response.content ?? {})) {
            const schema = (media.schema.type === 'string' ? media.schema.contentSchema : media.schema) as { $ref?: string } | undefined;
            const reference = schema?.$ref;
            if (!reference?.startsWith('#/components/schemas/') || !(reference.slice('#/components/schemas/'.length) in components)) {
              untyped.push(`${method.toUpperCase()} ${apiPath} ${status} ${contentType}`);
            }
          }
        }
      }
    }
    expect(untyped).toEqual([]);
    expect(JSON.stringify(document.paths)).not.toContain('"schema":{}');
  });

  it('documents JSON and the event stream for the events route, and both statuses of a replayable create', () => {
    const paths = document.paths as Record<string, Record<string, { responses: Record<string, { content?: Record<string, unknown> }> }>>;
    expect(Object.keys(paths['/api/v1/runs/{id}/events']?.get?.responses['200']?.content ?? {})).toEqual(['application/json', 'text/event-stream']);
    expect(paths['/api/v1/runs']?.post?.responses).toHaveProperty('200');
    expect(paths['/api/v1/runs']?.post?.responses).toHaveProperty('201');
  });

  it('refuses a success schema that is not a registered view (clients would get an anonymous type)', () => {
    const operation = apiOperations[0]!;
    const unregistered = { ...operation, success: { ...operation.success, schema: z.object({ id: z.string() }) } };
    expect(() => buildOpenApiDocument([unregistered], apiVersion)).toThrow(/register its success schema/);
  });

  it('forbids undeclared fields in views (the server sends exactly what the schema says)', () => {
    const run = (document.components as { schemas: Record<string, Record<string, unknown>> }).schemas.Run;
    expect(run).toMatchObject({ type: 'object', additionalProperties: false });
    expect(run?.required).toEqual(expect.arrayContaining(['id', 'status', 'usage', 'createdAt']));
  });

  it('describes request bodies and query parameters from the services’ zod schemas', () => {
    const paths = document.paths as Record<
      string,
      Record<string, { requestBody?: unknown; parameters?: { name: string; in: string; required: boolean; schema: Record<string, unknown> }[] }>
    >;
    const createRun = JSON.stringify(paths['/api/v1/runs']?.post?.requestBody);
    expect(createRun).toContain('"agentId"');
    expect(createRun).toContain('"maxLength":100000');
    const limit = paths['/api/v1/threads']?.get?.parameters?.find((parameter) => parameter.name === 'limit');
    expect(limit).toMatchObject({ in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 200, default: 50 } });
    const store = JSON.stringify(paths['/api/v1/memories']?.post?.requestBody);
    // z.json() is recursive: its definition must live in components, not in an unresolvable #/$defs.
    expect(store).toContain('#/components/schemas/StoreMemoryBody');
    expect(store).not.toContain('#/$defs/');
    expect(store).toContain('"format":"date-time"');
  });
});
