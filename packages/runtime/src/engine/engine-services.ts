import type { ApprovalRule } from '../contracts/approval';
import type { BudgetGuard } from '../contracts/budget-guard';
import type { CompactionPolicy } from '../contracts/compaction-policy';
import type { CompletionPolicy } from '../contracts/completion-policy';
import type { ContextManager } from '../contracts/context-manager';
import type { EventBus } from '../contracts/event-bus';
import type { ExecutionLimits } from '../contracts/execution-limits';
import type { ExecutionStrategy } from '../contracts/execution-strategy';
import type { HookManager } from '../contracts/hooks';
import type { ModelGateway } from '../contracts/model-gateway';
import type { RecordedReplySource } from '../contracts/recorded-replies';
import type { Router, SkillSource } from '../contracts/router';
import type { MemoryPort, MemoryScope, ToolStateStore } from '../contracts/stores';
import type { ToolContext } from '../contracts/tool-context';
import type { ToolRegistry } from '../contracts/tool-registry';
import type { WaitPort } from '../contracts/wait';
import type { AgentConfig } from '../config/agent-config.schema';
import type { Checkpoint } from '../checkpoint/checkpoint-schema';
import type { ChildRunner } from './delegation/child-runner';

/** The assembled modules, in the order `close()` releases them (tools' bus first, hooks last). */
export interface EngineModules {
  strategy: ExecutionStrategy;
  completion: CompletionPolicy;
  context: ContextManager;
  compaction: CompactionPolicy;
  router?: Router;
  model: ModelGateway;
  hooks: HookManager;
}

/** Everything the loop steps use, fixed at assembly. */
export interface EngineServices {
  modules: EngineModules;
  registry: ToolRegistry;
  bus: EventBus<ToolContext>;
  /** Bus topic per tool name. */
  toolTopics: ReadonlyMap<string, string>;
  limits: ExecutionLimits;
  approvals: Readonly<Record<string, ApprovalRule>>;
  config: AgentConfig;
  /** Deep-frozen copy of the config handed to tool handlers. */
  frozenConfig: Readonly<Record<string, unknown>>;
  systemPrompt: string;
  bindings: Checkpoint['bindings'];
  memory?: { port: MemoryPort; scope: MemoryScope };
  /** The host's durable wait store; the wait tools are registered only with one. */
  waits?: WaitPort;
  skills?: SkillSource;
  toolStateStore?: ToolStateStore;
  /** Token and cost budgets, asked at each step boundary and before each model call. */
  budget?: BudgetGuard;
  /** The model gateway, when it answers some calls from a recording: those are not budget-checked (ADR 0071). */
  recordedReplies?: RecordedReplySource;
  workspacePath: string | undefined;
  children: ChildRunner | undefined;
  /** How long an aborted tool call may take to stop before it is abandoned. */
  toolAbortGraceMs: number;
  /** Bytes of tool output kept per call (see `CreateEngineOptions.toolOutputMaxBytes`). */
  toolOutputMaxBytes: number;
  clock: () => Date;
  createInstanceId: () => string;
}
