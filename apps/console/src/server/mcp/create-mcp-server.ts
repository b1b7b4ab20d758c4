import type { Platform, Principal } from '@agentloom/platform';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

import consoleManifest from '../../../package.json' with { type: 'json' };

import { answerWithOwnHandlers, type OwnRequestHandler } from './mcp-own-handlers';
import { readResources } from './mcp-resource-read';
import { mcpResourceKinds, registerResources } from './mcp-resources';
import { callTools } from './mcp-tool-call';
import { mcpTools, roleMetaKey } from './mcp-tools';

/**
 * An MCP server for one authenticated request (stateless mode, ADR 0034): every tool and resource
 * acts as `principal`, in its tenant, through the platform's services. The SDK answers initialize,
 * ping and the lists; `tools/call` and `resources/read` are ours, and check their own params.
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
      // Never called: `callTools` answers tools/call; the SDK only lists the tool.
      () => ({ content: [] }),
    );
  }
  registerResources(server, platform, principal);
  // After registering, which installs the SDK's handlers these replace.
  answerWithOwnHandlers(
    server,
    new Map<string, OwnRequestHandler>([
      ['tools/call', callTools(mcpTools, { platform, principal, requestSignal })],
      ['resources/read', readResources(mcpResourceKinds, platform, principal)],
    ]),
  );
  return server;
}
