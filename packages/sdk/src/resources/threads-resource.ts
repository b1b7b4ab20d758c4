import { pathSegment } from '../path-segment.ts';
import type { Transport } from '../transport.ts';
import type { Thread, ThreadMessagePage, ThreadPage } from '../types.ts';

export interface ListThreadsInput {
  agentId?: string;
  endUserId?: string;
  includeArchived?: boolean;
  cursor?: string;
  limit?: number;
}

const threadPath = (threadId: string) => `/api/v1/threads/${pathSegment('threadId', threadId)}`;

/** Conversations that runs continue (pass `threadId` to `runs.create`). */
export function threadsResource(transport: Transport) {
  return {
    create(input: { agentId: string; title?: string; endUserId?: string }): Promise<Thread> {
      return transport.json('POST', '/api/v1/threads', { body: input });
    },
    async get(threadId: string): Promise<Thread> {
      return transport.json('GET', threadPath(threadId));
    },
    list(input: ListThreadsInput = {}): Promise<ThreadPage> {
      return transport.json('GET', '/api/v1/threads', { query: { ...input } });
    },
    async rename(threadId: string, title: string): Promise<Thread> {
      return transport.json('PATCH', threadPath(threadId), { body: { title } });
    },
    /** One-way: an archived thread accepts no new runs. */
    async archive(threadId: string): Promise<Thread> {
      return transport.json('PATCH', threadPath(threadId), { body: { archived: true } });
    },
    /** The conversation across its runs, oldest run first. */
    async messages(threadId: string, input: { cursor?: string; limit?: number } = {}): Promise<ThreadMessagePage> {
      return transport.json('GET', `${threadPath(threadId)}/messages`, { query: { ...input } });
    },
  };
}
