import type { Platform, Principal } from '@agentloom/platform';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

import consoleManifest from '../../../package.json' with { type: 'json' };

import { registerResources } from './mcp-resources';
import { answerToolCalls } from './mcp-tool-call';
import { mcpTools, roleMetaKey } from './mcp-tools';

/**
 * An MCP server for one authenticated request (stateless mode, ADR 0034): every tool and resource
 * acts as `principal`, in its tenant, through the platform's services.
 */
export function createMcpServer(platform: Platform, principal: Principal, requestSignal: AbortSignal): McpServer {
  const server = new McpServer(
    { name: 'agentloom', title: 'AgentLoom', version: consoleManifest.version },
    {
      capabilities: { tools: {}, resources: {} },
      instructions:
        'AgentLoom runs durable agents. start_run starts one (wait=true for its result); runs that need a person stop in ' +
        'waiting_human until decide_approval. Runs and threads are also resources (agentloom://runs/{id}, agentloom://threads/{id}).',
    },
  );
  for (const tool of mcpTools) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.inputSchema,
        annotations: { title: tool.title, readOnlyHint: tool.readOnly, openWorldHint: false },
        _meta: { [roleMetaKey]: tool.role },
      },
      // Never called: `answerToolCalls` answers tools/call; the SDK only lists the tool.
      () => ({ content: [] }),
    );
  }
  answerToolCalls(server, mcpTools, { platform, principal, requestSignal });
  registerResources(server, platform, principal);
  return server;
}
