import type { WaitPort } from '../../contracts/wait';
import type { ApprovalRule } from '../../contracts/approval';
import type { BudgetGuard } from '../../contracts/budget-guard';
import type { CompactionPolicy } from '../../contracts/compaction-policy';
import type { CompletionPolicy } from '../../contracts/completion-policy';
import type { ContextManager } from '../../contracts/context-manager';
import type { EventBus } from '../../contracts/event-bus';
import type { ExecutionLimits } from '../../contracts/execution-limits';
import type { ExecutionStrategy } from '../../contracts/execution-strategy';
import type { HookManager, LifecycleHooks } from '../../contracts/hooks';
import type { ModelGateway } from '../../contracts/model-gateway';
import type { Router, SkillSource } from '../../contracts/router';
import type { MemoryPort, MemoryScope, ToolStateStore } from '../../contracts/stores';
import type { ToolContext } from '../../contracts/tool-context';
import type { ToolRegistry } from '../../contracts/tool-registry';

/**
 * Injection points of `createEngine`. Every module is optional except the model (unless the agent
 * config carries a `demoScript`); unspecified modules get defaults chosen from the agent config.
 */
export interface CreateEngineOptions {
  model?: ModelGateway;
  compaction?: CompactionPolicy;
  completion?: CompletionPolicy;
  strategy?: ExecutionStrategy;
  context?: ContextManager;
  /** A hook manager, or plain hook objects registered on a default one. */
  hooks?: HookManager | LifecycleHooks[];
  /** Enables the routing stage before the first model call. */
  router?: Router;
  /** Overrides the config's limits field by field. */
  limits?: Partial<ExecutionLimits>;
  /** Replaces the whole catalogue: no built-ins are added; `configureTools` still runs on it. */
  registry?: ToolRegistry;
  /** Appends tools after the built-ins (or to `registry`). The registry is frozen afterwards. */
  configureTools?: (registry: ToolRegistry) => void;
  /** Per-tool approval rules; override the config's `approvals`. */
  approvals?: Record<string, ApprovalRule>;
  /** Long-term memory; the scope defaults to the config's `memory` field. */
  memory?: { port: MemoryPort; scope?: MemoryScope };
  /** The host's durable wait store; binds the `sleep`, `wait_until` and `wait_for_event` built-ins (opt-in via `builtinTools`). */
  waits?: WaitPort;
  /** Skill packages; defaults to a folder source when the config names a skills directory. */
  skills?: SkillSource;
  toolStateStore?: ToolStateStore;
  /**
   * Token and cost budgets: asked at every step boundary and before every model call; an exhausted
   * budget ends the run `interrupted` with kind `budget-exceeded`. Sub-agents' usage counts for the
   * parent's step and is checked at the parent's next model call.
   */
  budget?: BudgetGuard;
  workspacePath?: string;
  /** A shared bus; the engine then only cancels its own tool topics on close. */
  bus?: EventBus<ToolContext>;
  /**
   * How long an aborted tool call may take to stop (default 5,000 ms). A handler that ignores its
   * signal longer is abandoned: the step ends without it and the hooks hear `interruption: 'abandoned'`.
   */
  toolAbortGraceMs?: number;
  /**
   * Cap on a tool's output (UTF-8 bytes of content plus serialized data) the model sees and the host
   * stores; longer output is cut with a note giving its full size. Default 256 KiB, at least 1 KiB.
   */
  toolOutputMaxBytes?: number;
  clock?: () => Date;
  createInstanceId?: () => string;
}
