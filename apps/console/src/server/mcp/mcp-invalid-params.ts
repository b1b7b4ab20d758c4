import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';

/** Longest issue text an answer repeats: zod's messages are short, and the value itself is never echoed. */
const maximumProblemLength = 200;

/**
 * JSON-RPC's -32602 Invalid params for one field of the request (`params.uri`, `params.cursor`):
 * one short line naming it, and `data: { kind: "validation", field }` as the REST errors carry.
 */
export function invalidParams(field: string, problem: string): McpError {
  const line = problem.split('\n')[0]!.slice(0, maximumProblemLength);
  return new McpError(ErrorCode.InvalidParams, `Invalid params: ${field}: ${line}`, { kind: 'validation', field });
}

/**
 * The request checked against the SDK's own schema for its method (`CallToolRequestSchema`,
 * `ReadResourceRequestSchema`…), or undefined and the -32602 naming the first wrong field
 * (`params`, `params.uri`, `params._meta.progressToken`).
 */
export function checkRequest<Schema extends z.ZodType>(
  schema: Schema,
  request: { method: string; params?: unknown },
): { request: z.output<Schema>; error?: undefined } | { request?: undefined; error: McpError } {
  const parsed = schema.safeParse({ method: request.method, params: request.params });
  if (parsed.success) return { request: parsed.data };
  const issue = parsed.error.issues[0];
  const field = issue && issue.path.length > 0 ? issue.path.map(String).join('.') : 'params';
  return { error: invalidParams(field, issue?.message ?? 'Invalid input') };
}

/** The request as its method's schema reads it; throws the -32602 naming the first wrong field. */
export function parseRequest<Schema extends z.ZodType>(schema: Schema, request: { method: string; params?: unknown }): z.output<Schema> {
  const checked = checkRequest(schema, request);
  if (checked.error) throw checked.error;
  return checked.request;
}
