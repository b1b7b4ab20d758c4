import type { JsonValue } from './json';
import type { MemoryHit, MemoryScope, MemorySearchQuery, NewMemoryItem } from './stores';
import type { Plan } from './plan';
import type { BasicToolContext } from './tool';
import type { WaitAccess } from './wait';

/** Plan access for handlers: reads are copies; updates are validated, persisted, then visible. */
export interface PlanAccess {
  read(): Plan | null;
  /** Throws `ValidationError` for an invalid plan and `ToolStatePersistenceError` when saving fails (change reverted). */
  update(plan: Plan): Promise<void>;
}

/** Delegation to a sub-agent bound in the agent config. */
export interface ChildRunRequest {
  /** Name of a sub-agent in the agent config's `subAgents`. */
  agent: string;
  task: string;
}

export interface ChildRunResult {
  status: 'completed' | 'interrupted';
  output: string;
}

/** Sequential, at most 8 per run, unavailable inside a child (no recursive delegation). */
export interface ChildrenAccess {
  /** Names and descriptions of the bound sub-agents. */
  list(): { name: string; description: string }[];
  /** Throws `LimitExceededError` past the delegation limit and `ValidationError` for an unknown agent. */
  run(request: ChildRunRequest): Promise<ChildRunResult>;
}

export interface Citation {
  source: string;
  title?: string;
  quote?: string;
}

export interface CitationAccess {
  /** Records citation metadata on the step (emitted as `citation-recorded`). */
  record(citation: Citation): void;
}

/** Private per-call state that survives an approval pause or a resume; never mixed with the caller's arguments. */
export interface InvocationStateAccess {
  get(key: string): JsonValue | undefined;
  /** Throws `ToolStatePersistenceError` when saving fails; the previous value is restored. */
  set(key: string, value: JsonValue): Promise<void>;
}

/** Memory through the memory port, scoped to the run's agent. */
export interface MemoryAccess {
  search(query: Omit<MemorySearchQuery, 'scope'> & { scope?: Partial<MemoryScope> }): Promise<MemoryHit[]>;
  store(item: Omit<NewMemoryItem, 'scope'> & { scope?: Partial<MemoryScope> }): Promise<{ id: string }>;
}

/** Everything a handler may touch. Config is deep-read-only. */
export interface ToolContext extends BasicToolContext {
  readonly config: DeepReadonly<Record<string, unknown>>;
  readonly plan: PlanAccess;
  readonly children: ChildrenAccess;
  readonly citations: CitationAccess;
  readonly invocation: InvocationStateAccess;
  readonly memory: MemoryAccess;
  /** Durable waits (sleep, wait_until, wait_for_event); undefined when the host binds no wait store. */
  readonly waits: WaitAccess | undefined;
}

export type DeepReadonly<T> = T extends (infer Item)[]
  ? readonly DeepReadonly<Item>[]
  : T extends object
    ? { readonly [Key in keyof T]: DeepReadonly<T[Key]> }
    : T;
