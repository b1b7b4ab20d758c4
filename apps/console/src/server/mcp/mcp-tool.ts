import type { Platform, Principal, Role } from '@agentloom/platform';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { CallToolResult, ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';

/** What every tool call gets: the caller (from the request's API key), the platform and the MCP request. */
export interface McpToolContext {
  platform: Platform;
  principal: Principal;
  /** Aborted when the HTTP request that carries the call goes away. */
  requestSignal: AbortSignal;
  extra: RequestHandlerExtra<ServerRequest, ServerNotification>;
}

/**
 * One MCP tool: its input shape (what `tools/list` shows and each call is checked against, a failure
 * being a `validation` error naming the field; the platform service validates again, with the same
 * errors as REST), the least role it needs, and one call into a platform service.
 */
export interface McpTool {
  name: string;
  title: string;
  description: string;
  /** The least role the tool needs, as for the REST route that does the same: viewer reads, operator acts. */
  role: Role;
  /** True when the tool only reads (MCP's `readOnlyHint`, so clients may skip asking the user). */
  readOnly: boolean;
  inputSchema: z.ZodRawShape;
  run(input: Record<string, unknown>, context: McpToolContext): Promise<unknown>;
}

/** Keeps the input type of each tool's `run` while the list holds them as `McpTool`. */
export function defineTool<Shape extends z.ZodRawShape>(
  tool: Omit<McpTool, 'inputSchema' | 'run'> & {
    inputSchema: Shape;
    run(input: z.infer<z.ZodObject<Shape>>, context: McpToolContext): Promise<unknown>;
  },
): McpTool {
  // `callTools` checks the input against `inputSchema` before `run` sees it, so the narrower parameter type holds.
  return tool;
}

/** A tool's answer: the JSON as text (what every client shows the model) and as structured content. */
export function toolResult(value: unknown): CallToolResult {
  const structured = typeof value === 'object' && value !== null && !Array.isArray(value) ? { structuredContent: value as Record<string, unknown> } : {};
  return { content: [{ type: 'text', text: JSON.stringify(value, null, 2) }], ...structured };
}
