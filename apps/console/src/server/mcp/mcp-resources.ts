import type { Platform, Principal } from '@agentloom/platform';
import { ResourceTemplate, type McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Resource } from '@modelcontextprotocol/sdk/types.js';

import { runSummary } from './run-summary';

/** How many of the newest runs and threads `resources/list` names; older ones are read by URI. */
const listedResources = 50;

/** The scheme of every resource `/api/mcp` serves: `agentloom://{collection}/{id}`. */
export const resourceScheme = 'agentloom://';

/** One kind of resource: where its URIs live, how `resources/list` names the newest, and how one is read. */
export interface McpResourceKind {
  name: string;
  /** The URI path segment before the id: `agentloom://runs/{id}`. */
  collection: string;
  title: string;
  description: string;
  /** The newest ones the caller can see, as `resources/list` shows them. */
  list(platform: Platform, principal: Principal): Promise<Resource[]>;
  /**
   * One of them by id, through the same services as the REST routes, so an unknown id and another
   * tenant's id are the same `not-found`.
   */
  read(platform: Platform, principal: Principal, id: string): Promise<unknown>;
}

const runResource: McpResourceKind = {
  name: 'run',
  collection: 'runs',
  title: 'Run',
  description: 'A run: status, input, output, usage, steps in brief and pending approvals.',
  list: async (platform, principal) =>
    (await platform.runs.list(principal, { limit: listedResources })).runs.map((run) => ({
      uri: `${resourceScheme}runs/${run.id}`,
      name: `run ${run.id}`,
      description: `${run.status} run of agent ${run.agentId} v${run.agentVersion}, queued ${run.queuedAt}`,
      mimeType: 'application/json',
    })),
  read: (platform, principal, runId) => runSummary(platform, principal, runId),
};

const threadResource: McpResourceKind = {
  name: 'thread',
  collection: 'threads',
  title: 'Thread',
  description: 'A conversation: the thread and its messages across runs, oldest first.',
  list: async (platform, principal) =>
    (await platform.threads.list(principal, { limit: listedResources })).threads.map((thread) => ({
      uri: `${resourceScheme}threads/${thread.id}`,
      name: thread.title === '' ? `thread ${thread.id}` : thread.title,
      description: `Conversation with agent ${thread.agentId}`,
      mimeType: 'application/json',
    })),
  read: async (platform, principal, threadId) => {
    const thread = await platform.threads.get(principal, { threadId });
    const { messages, nextCursor } = await platform.threads.messages(principal, { threadId });
    return { thread, messages, nextMessageCursor: nextCursor };
  },
};

/** Every resource `/api/mcp` serves (the security matrix reads the templates from `resources/templates/list`). */
export const mcpResourceKinds: readonly McpResourceKind[] = [runResource, threadResource];

/** `agentloom://runs/{id}` for runs. */
export function uriTemplateOf(kind: McpResourceKind): string {
  return `${resourceScheme}${kind.collection}/{id}`;
}

/**
 * Registers each kind with the SDK's `McpServer`, which answers `resources/list` and
 * `resources/templates/list` from them. `resources/read` is answered by `readResources`
 * (mcp-resource-read.ts), which checks the URI itself.
 */
export function registerResources(server: McpServer, platform: Platform, principal: Principal): void {
  for (const kind of mcpResourceKinds) {
    server.registerResource(
      kind.name,
      new ResourceTemplate(uriTemplateOf(kind), { list: async () => ({ resources: await kind.list(platform, principal) }) }),
      { title: kind.title, description: kind.description, mimeType: 'application/json' },
      // Never called: `readResources` answers resources/read; the SDK only lists the template.
      () => ({ contents: [] }),
    );
  }
}
