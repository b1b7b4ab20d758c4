import { DomainError } from '@agentloom/platform';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  CallToolRequestParamsSchema,
  ErrorCode,
  McpError,
  type CallToolRequestParams,
  type CallToolResult,
  type JSONRPCRequest,
} from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { requireRole } from '~/server/http/authenticate-request';

import { toolResult, type McpTool, type McpToolContext } from './mcp-tool';
import { toolErrorResult } from './mcp-tool-error';

/**
 * Answers `tools/call` with our own handler; the SDK's `McpServer` still answers `tools/list` from
 * the tools as registered, so clients see each tool's real input schema (ADR 0034 §4). The SDK's
 * handler is replaced because it (1) checks arguments itself and answers a bare text error
 * ("MCP error -32602: Input validation error…") instead of the REST error shape naming the field, and
 * (2) parses the request before any registered handler runs, so malformed params (arguments an array
 * or null, no params) came back as -32603 Internal error with zod's whole issue dump. Installed as the
 * fallback handler because that one alone receives the request as sent.
 */
export function answerToolCalls(server: McpServer, tools: readonly McpTool[], context: Omit<McpToolContext, 'extra'>): void {
  const toolsByName = new Map(tools.map((tool) => [tool.name, tool]));
  server.server.removeRequestHandler('tools/call');
  server.server.fallbackRequestHandler = async (request, extra) => {
    // What the SDK answers a method nobody handles, unchanged for every method but ours.
    if (request.method !== 'tools/call') throw new McpError(ErrorCode.MethodNotFound, 'Method not found');
    const params = toolCallParams(request);
    const tool = toolsByName.get(params.name);
    if (tool === undefined) {
      const known = [...toolsByName.keys()].join(', ');
      return toolErrorResult(new DomainError('not-found', `There is no tool named "${params.name}"; the tools are ${known}.`, 'name'), 'MCP tools/call');
    }
    return callTool(tool, params.arguments ?? {}, { ...context, extra });
  };
}

/** The role check, the argument check and the one error mapping every tool shares, as `route()` does for REST. */
async function callTool(tool: McpTool, input: Record<string, unknown>, context: McpToolContext): Promise<CallToolResult> {
  try {
    // Role first, as REST checks it before the body: a viewer learns it may not start runs, not that its input was wrong.
    requireRole(context.principal, tool.role);
    return toolResult(await tool.run(toolArguments(tool, input), context));
  } catch (error) {
    return toolErrorResult(error, `MCP tool ${tool.name}`);
  }
}

/** The arguments checked against the tool's input schema; the first issue is a `validation` error naming its field. */
function toolArguments(tool: McpTool, input: Record<string, unknown>): Record<string, unknown> {
  const parsed = z.object(tool.inputSchema).safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue && issue.path.length > 0 ? issue.path.join('.') : 'arguments';
  throw new DomainError('validation', `${field}: ${issue?.message ?? 'Invalid input'}`, field);
}

/**
 * The call's params, or JSON-RPC's -32602 Invalid params with one short line naming what is wrong
 * (`params.arguments` must be an object; `params.name` a string).
 */
function toolCallParams(request: JSONRPCRequest): CallToolRequestParams {
  const parsed = CallToolRequestParamsSchema.safeParse(request.params);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = ['params', ...(issue?.path ?? [])].join('.');
  throw new McpError(ErrorCode.InvalidParams, `Invalid params: ${field}: ${issue?.message ?? 'Invalid input'}`, { kind: 'validation', field });
}
