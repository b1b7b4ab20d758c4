import type { z } from 'zod';
import type { ApiOperation } from '~/server/http/openapi/api-operation';

import type { ProcedureType } from './security-calls';
import { restCases, type TenantResources } from './security-surface';

/** The classes of malformed input the issue found answered with a 500 (or without the error shape). */
export type EdgeFuzzClass = 'cookie-escape' | 'path-escape' | 'query-escape' | 'unstorable-query' | 'unstorable-json' | 'wrong-method' | 'huge-trpc-body';

/** What must come back: a status (or only "not a 5xx"), and what the error must say. */
export interface EdgeExpectation {
  status: number | 'below-500';
  kind?: string;
  /** The field the error must name (REST `error.field`, tRPC `error.json.data.field`). */
  field?: string;
  allow?: string;
}

export interface EdgeCase {
  fuzzClass: EdgeFuzzClass;
  transport: 'rest' | 'trpc' | 'page';
  method: string;
  /** Path and query, already encoded as they go on the wire. */
  target: string;
  headers: Record<string, string>;
  /** A body, or the size of a generated one (huge bodies are made when sent). */
  body?: string | { hugeBytes: number; streamed: boolean };
  /** Who is calling: tenant A's admin (REST key or console cookie), the instance operator (REST key; the tenants API) or nobody. */
  caller: 'admin' | 'operator' | 'anonymous';
  expect: EdgeExpectation;
}

/** A procedure as the router declares it: type, input schema, least role (none: public). */
export interface ProcedureShape {
  type: ProcedureType;
  input: z.ZodType | undefined;
  role: string | undefined;
}

/** Escapes that are malformed or decode to no UTF-8 (the last one is an encoded lone surrogate). */
export const badEscapes = ['%', '%FF', '%E0%A4%A', '%C0%AF', '%ED%A0%80'];

export function restKey(operation: ApiOperation): string {
  return `${operation.method.toUpperCase()} ${operation.path}`;
}

/** The operation's path with tenant A's real ids (from the security matrix's cases). */
export function restPath(operation: ApiOperation, resources: TenantResources): string {
  return restCases[restKey(operation)]!.path(resources).split('?')[0]!;
}

/** A tRPC call as the console's client sends it: queries and subscriptions GET, mutations POST. */
export function trpcTarget(name: string, shape: ProcedureShape, input: unknown): { method: string; target: string; body?: string } {
  const serialized = JSON.stringify({ json: input ?? {} });
  return shape.type === 'mutation'
    ? { method: 'POST', target: `/api/trpc/${name}`, body: serialized }
    : { method: 'GET', target: `/api/trpc/${name}?input=${encodeURIComponent(serialized)}` };
}

/** What the console's own page sends: JSON for POSTs, and the same-origin marker CSRF checks. */
export function trpcHeaders(method: string): Record<string, string> {
  return { 'Sec-Fetch-Site': 'same-origin', ...(method === 'POST' ? { 'Content-Type': 'application/json' } : {}) };
}
