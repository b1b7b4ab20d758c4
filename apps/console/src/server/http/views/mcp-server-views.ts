import { mcpServerListViewSchema, mcpServerTestViewSchema, mcpServerViewSchema, mcpToolViewSchema } from '@agentloom/platform';

import { viewRegistry } from './view-registry';

/*
 * The MCP servers API answers with the platform's own zod schemas; registering them here names them
 * in the document: `McpServer`, `McpServerList`, `McpTool`, `McpServerTest`.
 */
export const mcpServerSchema = mcpServerViewSchema.register(viewRegistry, {
  id: 'McpServer',
  description: 'An MCP server: header names with `set`, never their values.',
});

export const mcpServerListSchema = mcpServerListViewSchema.register(viewRegistry, { id: 'McpServerList' });

export const mcpToolSchema = mcpToolViewSchema.register(viewRegistry, {
  id: 'McpTool',
  description: 'One tool the server lists; `schemaHash` is what agent versions pin.',
});

export const mcpServerTestSchema = mcpServerTestViewSchema.register(viewRegistry, {
  id: 'McpServerTest',
  description: 'What "connect and list tools" found: the tools, or why the server could not be used.',
});
