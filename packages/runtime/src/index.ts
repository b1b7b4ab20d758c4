/** `@agentloom/runtime`: contracts, the engine, default modules, built-in tools and the checkpoint format. */

// Contracts
export type * from './contracts/messages';
export type * from './contracts/model-gateway';
export { servesRecordedReplies, type RecordedReplySource } from './contracts/recorded-replies';
export type * from './contracts/tool';
export type * from './contracts/tool-context';
export type * from './contracts/tool-registry';
export type * from './contracts/json';
export type * from './contracts/module';
export type * from './contracts/plan';
export type * from './contracts/model-call';
export type * from './contracts/compaction-policy';
export type * from './contracts/context-manager';
export type * from './contracts/completion-policy';
export type * from './contracts/execution-strategy';
export type * from './contracts/hooks';
export type * from './contracts/event-bus';
export type * from './contracts/events';
export type * from './contracts/stores';
export type * from './contracts/approval';
export type * from './contracts/router';
export type * from './contracts/budget-guard';
export { budgetScopes } from './contracts/budget-guard';
export { exceededMeasure, firstSpentBudget, withPending, type BudgetUsage } from './budgets/compare-budget';
export { InMemoryBudgetGuard, type BudgetOwner, type BudgetPeriod } from './budgets/in-memory-budget-guard';
export type * from './contracts/wait';
export { defaultExecutionLimits, type ExecutionLimits } from './contracts/execution-limits';

// Errors
export * from './errors';

// Agent config
export { agentConfigSchema, demoScriptSchema, type AgentConfig, type AgentConfigInput, type AgentSnapshot, type DemoScript, type SubAgentConfig } from './config/agent-config.schema';

// Engine
export { createEngine, defaultToolAbortGraceMs } from './engine/create-engine';
export type { CreateEngineOptions } from './engine/assembly/engine-options';
export { Engine, type ResumeOptions, type StartOptions } from './engine/engine';
export { AgentRun, type RunPersistence } from './engine/agent-run';
export type { CloseReport } from './engine/close-engine';
export { moduleCloseOrder } from './engine/close-engine';
export type { BudgetPause, IndexedTranscriptMessage, InterruptReason, NextStep, RunOutcome, StepResult, ToolCallRecord, ToolCallStatus } from './engine/step-result';
export { normalizeResponse } from './engine/steps/normalize-response';
export { maxDelegationsPerRun } from './engine/tool-context/children-access';

// Checkpoints
export { checkpointFormatVersion, checkpointSchema, type Checkpoint, type PendingCall, type SuspendedChild } from './checkpoint/checkpoint-schema';
export { parseCheckpoint, serializeCheckpoint } from './checkpoint/serialize';
export { verifyBindings } from './checkpoint/verify-bindings';
export { awaitingApprovalCallIds } from './checkpoint/awaiting-calls';

// Default modules
export { BudgetCompactionPolicy, type BudgetCompactionOptions } from './context/budget-compaction-policy';
export { CharacterCompactionPolicy, type CharacterCompactionOptions } from './context/character-compaction-policy';
export { JournalContextManager } from './context/journal-context-manager';
export { estimateTokens } from './context/token-estimate';
export { EvidenceCompletionPolicy, type EvidenceCompletionOptions } from './completion/evidence-completion-policy';
export { ReactStrategy } from './strategies/react-strategy';
export { PlanStrategy } from './strategies/plan-strategy';
export { DefaultHookManager } from './hooks/default-hook-manager';
export { InProcessEventBus } from './events/in-process-event-bus';
export { KeywordRouter, type KeywordRouterOptions } from './routing/keyword-router';
export { FolderSkillSource, parseSkillManifest } from './routing/folder-skill-source';
export { DemoScriptModel } from './demo/demo-script-model';

// Tools
export { DefaultToolRegistry, toolNamePattern } from './tools/tool-registry';
export { boundToolOutput, defaultToolOutputMaxBytes, minimumToolOutputMaxBytes, prefixWithinBytes, utf8Bytes } from './tools/bound-tool-output';
export { builtinToolsNamespace, registerBuiltinTools } from './tools/builtin/register-builtin-tools';
export { maxWaitSeconds, waitToolNames } from './tools/builtin/wait-tools';
export { planToolNames } from './tools/builtin/plan-tools';
export { isZodSchema, toJsonSchema } from './tools/argument-schema';
export { defineTool, type LocalToolDefinition } from './tools/adapters/define-tool';

// Reference stores (also exported from ./testing)
export { InMemoryCheckpointStore } from './stores/in-memory-checkpoint-store';
export { InMemoryEventSink } from './stores/in-memory-event-sink';
export { InMemoryMemoryPort } from './stores/in-memory-memory-port';
export { InMemoryToolStateStore } from './stores/in-memory-tool-state-store';

// Model gateways (AI SDK providers) and tool adapters (local function, subprocess, MCP, HTTP)
export * from './models';
export * from './tools/adapters';
// The one outbound policy for every URL a tenant or operator can set
export * from './outbound';
export { idempotencyKeyFor } from './engine/tool-context/idempotency-key';

// Embedders for memory search (offline hashing default, AI SDK model embedders)
export type * from './contracts/embedder';
export * from './memory';
export { canonicalJson, stableHash } from './util/stable-hash';
export { findTooDeepJson, jsonPathText, maximumJsonDepth } from './util/json-depth';

// Memory retrieval: score fusion with its parts, time expressions in queries
export * from './retrieval';
