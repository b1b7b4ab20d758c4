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
  /** The success answer: its status, and its body's zod schema (a view registered in `views/view-registry.ts`). */
  success: ApiSuccess;
  /** Other non-error answers without a body (the event stream's 204 "nothing left to send"). */
  emptyAnswers?: { status: number; description: string }[];
  /** Error statuses worth naming beyond 400/401/403 (all answer the one error shape). */
  errors?: number[];
}

/**
 * What a 2xx answer carries. `schema` must be registered in `viewRegistry` (it becomes
 * `#/components/schemas/<id>` and a named type in generated clients); the response integration
 * test validates real answers against it, so a field the route returns and the schema lacks fails.
 */
export interface ApiSuccess {
  status: number;
  description: string;
  schema: z.ZodType;
  /** Other 2xx statuses with the same body (an idempotent replay's 200 next to the 201). */
  alsoStatuses?: { status: number; description: string }[];
  /** The same answer is also a `text/event-stream` of frames whose `data:` is `frameSchema` JSON (named by the stream's `contentSchema`). */
  eventStream?: { description: string; frameSchema: z.ZodType };
  /**
   * The answer is a text download instead of JSON, in one of these content types (type → what it
   * holds), each line one `schema` object (JSONL), or its fields as columns (CSV, header first).
   */
  lines?: Record<string, string>;
}
