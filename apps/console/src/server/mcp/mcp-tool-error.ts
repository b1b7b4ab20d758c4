import { consoleLogger } from '@agentloom/platform';
import { ErrorCode, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { errorDetails } from '~/server/error-details';
import type { ApiErrorBody } from '~/server/http/api-error';
import { asDomainError } from '~/server/http/domain-error-status';

import { invalidParams } from './mcp-invalid-params';

/** MCP's code for "no such resource" (the specification's; the SDK's `ErrorCode` has no name for it). */
const resourceNotFoundCode = -32002;

/**
 * The error a tool call ends with, in the REST error shape (`{ error: { kind, message, field? } }`)
 * so clients and models read one format: domain errors keep kind, message and field; anything
 * unexpected is logged in full and answered masked, as the REST mapper does.
 */
export function toolErrorResult(error: unknown, label: string): CallToolResult {
  const body = errorBody(error, label);
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(body) }], structuredContent: { ...body } };
}

/**
 * Resource reads have no `isError` result in MCP: a failure is a JSON-RPC error. An unknown run or
 * thread and another tenant's are the same -32002 Resource not found, its message the URI the caller
 * sent and nothing the service said (so it cannot tell the two apart); a validation error is -32602
 * on `params.uri`, where the id came from; anything else keeps the kind in front of its message
 * (`forbidden` stays -32602 as before: the request, not the server, is at fault).
 */
export function resourceError(error: unknown, uri: string, label: string): McpError {
  const { error: detail } = errorBody(error, label);
  if (detail.kind === 'not-found') return new McpError(resourceNotFoundCode, `Resource not found: ${uri}`, { kind: 'not-found', field: 'params.uri', uri });
  if (detail.kind === 'validation') return invalidParams('params.uri', detail.message);
  const code = detail.kind === 'forbidden' ? ErrorCode.InvalidParams : ErrorCode.InternalError;
  return new McpError(code, `${detail.kind}: ${detail.message}`, detail);
}

function errorBody(error: unknown, label: string): ApiErrorBody {
  const domainError = asDomainError(error);
  if (domainError === undefined) {
    consoleLogger.error(`${label} failed`, errorDetails(error));
    return { error: { kind: 'internal', message: 'Internal error' } };
  }
  if (domainError.kind === 'unavailable') consoleLogger.warn(`${label}: ${domainError.message}`);
  const { kind, message, field } = domainError;
  return { error: { kind, message, ...(field ? { field } : {}) } };
}
