/** Shapes the AgentLoom API answers with (see `/api/v1/openapi.json`). */

export type Role = 'viewer' | 'operator' | 'admin';
export type RunStatus = 'queued' | 'running' | 'waiting_human' | 'succeeded' | 'failed' | 'cancelled';
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export interface Run {
  id: string;
  agentId: string;
  agentVersionId: string;
  /** The agent version's number the run executes. */
  agentVersion: number;
  threadId: string | null;
  /** The thread's title when the run belongs to one. */
  threadTitle: string | null;
  status: RunStatus;
  input: JsonValue;
  output: JsonValue;
  error: { kind: string; message: string } | null;
  attempt: number;
  maxAttempts: number;
  cancelRequested: boolean;
  /** `costKnown` false: a model the run can call has no prices, so `costUsd` is only the priced part (often 0). */
  usage: { modelCalls: number; inputTokens: number; outputTokens: number; costUsd: number; costKnown: boolean; toolCalls: number; steps: number };
  queuedAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  createdAt: string;
  /** The failed run this run retries; the run whose input it re-runs; the run that retries this one. */
  retryOfRunId: string | null;
  rerunOfRunId: string | null;
  retriedByRunId: string | null;
  /** The run this one forks and the step whose checkpoint it started from; the runs forked from this one (first 50). */
  forkOf: { runId: string; stepIndex: number } | null;
  forks: { runId: string; stepIndex: number }[];
}

/** `runs.fork`: where to start and what to change; see `POST /api/v1/runs/{id}/fork`. */
export interface ForkRunInput {
  /** The step whose retained checkpoint the fork starts from; the fork continues at `stepIndex + 1`. */
  stepIndex: number;
  /** Version number of the same agent to continue on; the source run's when omitted. */
  agentVersion?: number;
  /** New content for user messages of the copied transcript, by index (the task is 1). */
  messages?: { index: number; content: string }[];
  /** A user message added before the fork's first model call (required when the run completed at that step). */
  appendMessage?: string;
  /** A replacement checkpoint state (same step and transcript length, no calls in flight). */
  state?: Record<string, JsonValue>;
}

/** A pair of aligned items of two runs; a side is null where that run has no counterpart. */
export interface AlignedPair<Item> {
  left: Item | null;
  right: Item | null;
  same: boolean;
}

/** Two runs side by side (`runs.compare`); `difference` is right − left. */
export interface RunComparison {
  left: { run: Run; agentVersion: number; durationMs: number | null; truncated: boolean };
  right: { run: Run; agentVersion: number; durationMs: number | null; truncated: boolean };
  sameAgent: boolean;
  sameInput: boolean;
  steps: AlignedPair<{ index: number; kind: string; status: string; toolNames: string[]; inputTokens: number; outputTokens: number }>[];
  toolCalls: AlignedPair<{ name: string; status: string; arguments: JsonValue }>[];
  difference: { inputTokens: number; outputTokens: number; costUsd: number; modelCalls: number; toolCalls: number; steps: number; durationMs: number | null };
}

/** One entry of a run's event log; `seq` counts from 1 without gaps. */
export interface RunEvent {
  seq: number;
  type: string;
  payload: Record<string, JsonValue>;
  createdAt: string;
}

export interface Message {
  id: string;
  runId: string;
  index: number;
  stepId: string | null;
  role: 'system' | 'user' | 'assistant' | 'tool';
  kind: string;
  content: string;
  toolCalls: JsonValue;
  toolCallId: string | null;
  toolName: string | null;
  isError: boolean;
  memoryItemIds: string[];
  createdAt: string;
}

export interface Approval {
  id: string;
  runId: string;
  toolCallId: string;
  toolName: string;
  status: 'pending' | 'approved' | 'rejected' | 'expired';
  requestReason: string;
  decisionReason: string | null;
  decidedBy: string | null;
  decidedAt: string | null;
  originalArguments: JsonValue;
  editedArguments: JsonValue;
  expiresAt: string | null;
  /** When the request was made: a pending approval has waited since then. */
  createdAt: string;
  /** The run that asks: its status and the start of its input (what tells two requests of one tool apart). */
  run: { status: RunStatus; inputExcerpt: string; inputTruncated: boolean };
  /** The agent and the version number the run executes. */
  agent: { id: string; name: string; slug: string; version: number };
  thread: { id: string; title: string } | null;
}

/** One approval's outcome in a bulk decision: decided by this request, or refused (decided elsewhere first, expired, not found). */
export type BulkDecisionOutcome =
  { approvalId: string; outcome: 'decided'; approval: Approval } | { approvalId: string; outcome: 'refused'; kind: string; message: string };

export type ApprovalDecision = { decision: 'approve' } | { decision: 'reject'; reason: string } | { decision: 'edit'; arguments: Record<string, JsonValue> };

export interface Thread {
  id: string;
  agentId: string;
  endUserId: string | null;
  title: string;
  archivedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export type MemoryKind = 'episode' | 'fact' | 'document_chunk' | 'procedure';
export type MemoryLevel = 'thread' | 'agent' | 'project' | 'user';

export interface MemoryItem {
  id: string;
  level: MemoryLevel;
  scopeId: string;
  kind: MemoryKind;
  key: string | null;
  content: string;
  metadata: JsonValue;
  threadId: string | null;
  sourceRunId: string | null;
  pinned: boolean;
  expiresAt: string | null;
  supersededById: string | null;
  lastUsedAt: string | null;
  createdAt: string;
}

export interface MemoryHit {
  /** Higher is better; comparable only within one search. */
  score: number;
  item: {
    id: string;
    /** The runtime's kind names (`document` for stored `document_chunk`). */
    kind: string;
    content: string;
    key?: string;
    scope: { tenantId: string; agentId?: string; threadId?: string; userId?: string };
    metadata?: Record<string, JsonValue>;
    createdAt: string;
  };
}

export interface Agent {
  id: string;
  slug: string;
  name: string;
  description: string;
  latestVersion: number | null;
  archived: boolean;
  createdAt: string;
}

export interface Caller {
  tenantId: string;
  tenantName: string;
  apiKeyId: string;
  apiKeyName: string;
  role: Role;
}

export interface EraseReceipt {
  unit: 'run' | 'thread' | 'tenant';
  id: string;
  tenantId: string;
  /** Table name → rows removed. */
  counts: Record<string, number>;
  erasedAt: string;
}

/** A page and where the next one starts (`null`: this was the last). */
export interface Page<Cursor = string> {
  nextCursor: Cursor | null;
}

/** One immutable agent version with its effective config (model API keys redacted). */
export interface AgentVersion {
  id: string;
  agentId: string;
  version: number;
  configHash: string;
  createdBy: string | null;
  createdAt: string;
  config: Record<string, JsonValue>;
}

export interface AgentDetail extends Agent {
  updatedAt: string;
  latest: AgentVersion | null;
}

/** What saving a version did: `created` is false when the config equalled the latest version's. */
export interface SavedAgentVersion {
  agent: AgentDetail;
  version: AgentVersion;
  created: boolean;
}

/** A tenant as the instance operator sees it (settings and standing, never its data). */
export interface Tenant {
  id: string;
  slug: string;
  name: string;
  suspended: boolean;
  suspendedAt: string | null;
  /** Finished runs older than this many days are erased; null keeps them. */
  retentionDays: number | null;
  /** Per API key of the tenant; null uses the instance default. */
  rateLimitPerMinute: number | null;
  rateLimitBurst: number | null;
  /** Live admin keys; 0 means the operator may mint the first one. */
  activeAdminKeys: number;
  createdAt: string;
  updatedAt: string;
}

/** A tenant's settings; null clears one (keep forever / the instance default). */
export interface TenantSettings {
  name?: string;
  retentionDays?: number | null;
  rateLimitPerMinute?: number | null;
  rateLimitBurst?: number | null;
}

/** A tenant admin key minted by the operator; `key` is shown this once. */
export interface MintedAdminKey {
  tenantId: string;
  id: string;
  name: string;
  prefix: string;
  role: 'admin';
  createdAt: string;
  key: string;
}
