import type { Platform, Principal } from '@agentloom/platform';
import { ResourceTemplate, type McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';

import { resourceError } from './mcp-tool-error';
import { runSummary } from './run-summary';

/** How many of the newest runs and threads `resources/list` names; older ones are read by URI. */
const listedResources = 50;

export const runUriTemplate = 'agentloom://runs/{id}';
export const threadUriTemplate = 'agentloom://threads/{id}';

/**
 * Runs and threads as MCP resources, read through the same services as `GET /api/v1/runs/{id}` and
 * `GET /api/v1/threads/{id}` (+ messages): a foreign or unknown id is MCP's resource-not-found.
 */
export function registerResources(server: McpServer, platform: Platform, principal: Principal): void {
  server.registerResource(
    'run',
    new ResourceTemplate(runUriTemplate, {
      list: async () => ({
        resources: (await platform.runs.list(principal, { limit: listedResources })).runs.map((run) => ({
          uri: `agentloom://runs/${run.id}`,
          name: `run ${run.id}`,
          description: `${run.status} run of agent ${run.agentId} v${run.agentVersion}, queued ${run.queuedAt}`,
          mimeType: 'application/json',
        })),
      }),
    }),
    { title: 'Run', description: 'A run: status, input, output, usage, steps in brief and pending approvals.', mimeType: 'application/json' },
    (uri, variables) => readAs(uri, `resource ${uri.href}`, () => runSummary(platform, principal, single(variables.id))),
  );
  server.registerResource(
    'thread',
    new ResourceTemplate(threadUriTemplate, {
      list: async () => ({
        resources: (await platform.threads.list(principal, { limit: listedResources })).threads.map((thread) => ({
          uri: `agentloom://threads/${thread.id}`,
          name: thread.title === '' ? `thread ${thread.id}` : thread.title,
          description: `Conversation with agent ${thread.agentId}`,
          mimeType: 'application/json',
        })),
      }),
    }),
    { title: 'Thread', description: 'A conversation: the thread and its messages across runs, oldest first.', mimeType: 'application/json' },
    (uri, variables) =>
      readAs(uri, `resource ${uri.href}`, async () => {
        const threadId = single(variables.id);
        const thread = await platform.threads.get(principal, { threadId });
        const { messages, nextCursor } = await platform.threads.messages(principal, { threadId });
        return { thread, messages, nextMessageCursor: nextCursor };
      }),
  );
}

async function readAs(uri: URL, label: string, read: () => Promise<unknown>): Promise<ReadResourceResult> {
  try {
    return { contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(await read(), null, 2) }] };
  } catch (error) {
    throw resourceError(error, label);
  }
}

/** A template variable is a string, or a list for `{id*}` templates, which ours are not. */
function single(value: string | string[] | undefined): string {
  return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
}
