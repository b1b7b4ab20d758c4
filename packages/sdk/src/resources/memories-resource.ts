import { pathSegment } from '../path-segment.ts';
import type { Transport } from '../transport.ts';
import type { ForgetResult, JsonValue, MemoryHit, MemoryItem, MemoryItemPage, MemoryKind, MemoryLevel } from '../types.ts';

export interface SearchMemoriesOptions {
  /** Besides the tenant-wide level, the agent, thread and end user whose memories count. */
  scope?: { agentId?: string; threadId?: string; userId?: string };
  kinds?: MemoryKind[];
  limit?: number;
  mode?: 'hybrid' | 'vector' | 'full-text';
}

export interface StoreMemoryInput {
  /** `id` is the thread, agent or end-user id; none for `project`. */
  scope: { level: MemoryLevel; id?: string };
  kind: MemoryKind;
  content: string;
  /** Storing a fact with an existing key supersedes the earlier one. */
  key?: string;
  metadata?: Record<string, JsonValue>;
  pinned?: boolean;
  expiresAt?: string;
}

export interface ListMemoriesInput {
  level?: MemoryLevel;
  scopeId?: string;
  kind?: MemoryKind;
  includeSuperseded?: boolean;
  cursor?: string;
  limit?: number;
}

const memoryPath = (memoryId: string) => `/api/v1/memories/${pathSegment('memoryId', memoryId)}`;

/** Long-term memory: search, store, list, pin and forget. */
export function memoriesResource(transport: Transport) {
  return {
    /** Best first; scores compare only within one search. */
    async search(text: string, options: SearchMemoriesOptions = {}): Promise<MemoryHit[]> {
      const { hits } = await transport.json<{ hits: MemoryHit[] }>('POST', '/api/v1/memories/search', { body: { text, ...options } });
      return hits;
    },
    store(input: StoreMemoryInput): Promise<MemoryItem> {
      return transport.json('POST', '/api/v1/memories', { body: input });
    },
    async get(memoryId: string): Promise<MemoryItem> {
      return transport.json('GET', memoryPath(memoryId));
    },
    list(input: ListMemoriesInput = {}): Promise<MemoryItemPage> {
      return transport.json('GET', '/api/v1/memories', { query: { ...input } });
    },
    /**
     * Hard delete: the item, its vector and its injection records. The live item of a key takes the
     * values it replaced with it, unless `restorePrevious` brings the previous value back.
     */
    async forget(
      memoryId: string,
      options: { restorePrevious?: boolean } = {},
    ): Promise<ForgetResult> {
      return transport.json(
        'DELETE',
        memoryPath(memoryId),
        options.restorePrevious === undefined ? {} : { query: { restorePrevious: options.restorePrevious } },
      );
    },
    async pin(memoryId: string): Promise<MemoryItem> {
      return transport.json('POST', `${memoryPath(memoryId)}/pin`);
    },
    async unpin(memoryId: string): Promise<MemoryItem> {
      return transport.json('DELETE', `${memoryPath(memoryId)}/pin`);
    },
  };
}
