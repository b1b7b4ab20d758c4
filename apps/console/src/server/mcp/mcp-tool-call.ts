import { DomainError } from '@agentloom/platform';
import { CallToolRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { requireRole } from '~/server/http/authenticate-request';

import { parseRequest } from './mcp-invalid-params';
import type { OwnRequestHandler } from './mcp-own-handlers';
import { toolResult, type McpTool, type McpToolContext } from './mcp-tool';
import { toolErrorResult } from './mcp-tool-error';

/**
 * Answers `tools/call` in place of the SDK's handler (see `answerWithOwnHandlers`); the SDK's
 * `McpServer` still answers `tools/list` from the tools as registered, so clients see each tool's
 * real input schema (ADR 0034 §4). The SDK's handler (1) checked arguments itself and answered a
 * bare text error ("MCP error -32602: Input validation error…") instead of the REST error shape
 * naming the field, and (2) parsed the request first, so malformed params (arguments an array or
 * null, no params) came back as -32603 Internal error with zod's whole issue dump.
 */
export function callTools(tools: readonly McpTool[], context: Omit<McpToolContext, 'extra'>): OwnRequestHandler {
  const toolsByName = new Map(tools.map((tool) => [tool.name, tool]));
  return async (request, extra) => {
    const { params } = parseRequest(CallToolRequestSchema, request);
    const tool = toolsByName.get(params.name);
    if (tool === undefined) {
      const known = [...toolsByName.keys()].join(', ');
      return toolErrorResult(new DomainError('not-found', `${noSuchTool(params.name)}; the tools are ${known}.`, 'name'), 'MCP tools/call');
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

/** Repeats the name only when it is short: a name can be up to a megabyte of anything. */
function noSuchTool(name: string): string {
  return name.length <= 100 ? `There is no tool named ${JSON.stringify(name)}` : `There is no tool by that name (${name.length} characters)`;
}
