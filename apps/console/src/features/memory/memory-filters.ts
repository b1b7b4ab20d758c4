import { memoryKinds, memoryLevels } from './memory-options';

export type MemoryLevel = (typeof memoryLevels)[number];
export type MemoryKindName = (typeof memoryKinds)[number];
export const retrievalModes = ['hybrid', 'vector', 'full-text'] as const;
export type RetrievalModeName = (typeof retrievalModes)[number];

/** Everything the inspector shows, read from the URL so a view can be shared and reloaded. */
export interface MemoryInspectorState {
  level: MemoryLevel | undefined;
  /** The thread, agent or end-user id at that level (none for project). */
  scopeId: string | undefined;
  kind: MemoryKindName | undefined;
  /** Search text; browsing when empty. */
  query: string;
  mode: RetrievalModeName;
  /** The selected item, shown in the detail panel. */
  itemId: string | undefined;
}

const uuidPattern = /^[0-9a-f-]{36}$/i;

export function parseMemoryInspectorState(parameters: { get(name: string): string | null }): MemoryInspectorState {
  const level = memoryLevels.find((candidate) => candidate === parameters.get('level'));
  const scopeId = parameters.get('scope')?.trim();
  const itemId = parameters.get('item');
  return {
    level,
    scopeId: level && level !== 'project' && scopeId ? scopeId : undefined,
    kind: memoryKinds.find((candidate) => candidate === parameters.get('kind')),
    query: parameters.get('q')?.trim() ?? '',
    mode: retrievalModes.find((candidate) => candidate === parameters.get('mode')) ?? 'hybrid',
    itemId: itemId && uuidPattern.test(itemId) ? itemId : undefined,
  };
}

/** The URL query for a state (only what differs from the defaults). */
export function memoryInspectorSearch(state: MemoryInspectorState): string {
  const query = new URLSearchParams();
  if (state.level) query.set('level', state.level);
  if (state.scopeId) query.set('scope', state.scopeId);
  if (state.kind) query.set('kind', state.kind);
  if (state.query) query.set('q', state.query);
  if (state.mode !== 'hybrid') query.set('mode', state.mode);
  if (state.itemId) query.set('item', state.itemId);
  return query.toString();
}

/** Input of `memory.list` for the browse view (server prefetch and browser agree). */
export function memoryListInput(state: MemoryInspectorState) {
  return {
    limit: 25,
    ...(state.level ? { level: state.level } : {}),
    ...(state.scopeId ? { scopeId: state.scopeId } : {}),
    ...(state.kind ? { kind: state.kind } : {}),
  };
}

/**
 * Input of `memory.search`. A search always sees tenant-wide (project) items; picking a thread,
 * agent or end user adds that scope's items (the same visibility an agent's own search has).
 */
export function memorySearchInput(state: MemoryInspectorState) {
  const scope =
    state.scopeId === undefined
      ? {}
      : state.level === 'thread'
        ? { threadId: state.scopeId }
        : state.level === 'agent'
          ? { agentId: state.scopeId }
          : state.level === 'user'
            ? { userId: state.scopeId }
            : {};
  return { text: state.query, scope, mode: state.mode, limit: 25, ...(state.kind ? { kinds: [state.kind] } : {}) };
}
