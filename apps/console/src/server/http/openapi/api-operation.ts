import type { Role } from '@agentloom/platform';
import type { z } from 'zod';

export type HttpMethod = 'get' | 'post' | 'patch' | 'delete';

/**
 * One `/api/v1` operation as the OpenAPI document and the docs page show it. Schemas are the zod
 * schemas the services (or the route) parse with, so the document cannot drift from validation.
 */
export interface ApiOperation {
  method: HttpMethod;
  /** OpenAPI path template: `/api/v1/threads/{id}` for the Next folder `threads/[id]`. */
  path: string;
  operationId: string;
  tag: string;
  summary: string;
  description?: string;
  /** The least role the route checks; `public` needs no key; `instanceAdmin` needs the instance operator key. */
  role: Role | 'public' | 'instanceAdmin';
  /** Path parameter descriptions by name; every `{name}` in the path must be listed. */
  pathParameters?: Record<string, string>;
  /** Query parameters: one per property of the object schema. */
  query?: z.ZodObject;
  /** Extra request headers the route reads. */
  headers?: Record<string, string>;
  body?: z.ZodType;
  /** The success status and what its body is; `schema` (zod, as the server answers) types the body. */
  success: { status: number; description: string; contentType?: 'application/json' | 'text/event-stream'; schema?: z.ZodType };
  /** Other non-error answers without a body (the event stream's 204 "nothing left to send"). */
  emptyAnswers?: { status: number; description: string }[];
  /** Error statuses worth naming beyond 400/401/403 (all answer the one error shape). */
  errors?: number[];
}
