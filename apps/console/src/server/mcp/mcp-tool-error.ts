import { consoleLogger } from '@agentloom/platform';
import { ErrorCode, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { errorDetails } from '~/server/error-details';
import type { ApiErrorBody } from '~/server/http/api-error';
import { asDomainError } from '~/server/http/domain-error-status';

/** MCP's code for "no such resource" (the specification's, not one of JSON-RPC's). */
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
 * Resource reads have no `isError` result in MCP: a failure is a JSON-RPC error. Unknown and
 * foreign runs or threads get MCP's resource-not-found code; the message starts with the kind.
 */
export function resourceError(error: unknown, label: string): McpError {
  const { error: detail } = errorBody(error, label);
  const code = detail.kind === 'not-found' ? resourceNotFoundCode : detail.kind === 'validation' || detail.kind === 'forbidden' ? ErrorCode.InvalidParams : ErrorCode.InternalError;
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
