import type { Message, ToolCallRequest } from './messages';
import type { ModelCallPurpose, ModelResponse } from './model-gateway';
import type { RuntimeModule } from './module';
import type { ToolResult } from './tool';
import type { ReleaseHandle } from './event-bus';

/** A hook's veto: the call is not executed and the reason becomes its (error) result. */
export interface ToolVeto {
  veto: true;
  reason: string;
}

/**
 * Why a call ended without a result of its own because the run was aborted (cancel, lost lease,
 * engine closed) while it ran: `cancelled` — it stopped within the grace period, or never started;
 * `abandoned` — it ignored its abort signal past the grace period and was left behind, outcome unknown;
 * `host-stopping` — the host aborted it because it is shutting down (`HostStoppingError`), whether or not
 * it stopped: the run is not over, and the host treats the call as a crash would leave it;
 * `not-started` — the host is shutting down and its abort came after the hooks heard the call start but
 * before its handler was invoked: the call never ran, the run is not over, and it may run when the run resumes.
 */
export type ToolCallInterruption = 'cancelled' | 'abandoned' | 'host-stopping' | 'not-started';

/**
 * A hook's answer that the call already ran (e.g. in an earlier attempt, per the host's ledger): it is
 * not executed again, and the recorded result goes to the model as a normal tool result.
 */
export interface ToolReplay {
  replay: true;
  result: ToolResult;
}

/** Identifies a call made by a sub-agent: the parent's delegating call, the sub-agent, the child's run id. */
export interface DelegationIdentity {
  parentCallId: string;
  agent: string;
  instanceId: string;
}

/**
 * What tool-call hooks receive. A sub-agent's calls reach the parent's hooks with `call.id` qualified
 * as `<parentCallId>/<childCallId>` (unique within the run) and `delegation` set.
 */
export interface ToolCallHookInfo {
  instanceId: string;
  step: number;
  call: ToolCallRequest;
  /** The key the handler sees as `context.idempotencyKey`. */
  idempotencyKey: string;
  delegation?: DelegationIdentity;
}

/**
 * Trusted lifecycle hooks. Each member is optional; they run in registration order and are awaited.
 * A throwing hook fails the step (hooks are trusted code, not observers).
 */
export interface LifecycleHooks {
  runStarted?(info: { instanceId: string; task: string; resumed: boolean }): Promise<void> | void;
  runFinished?(info: { instanceId: string; outcome: string }): Promise<void> | void;
  contextPrepared?(info: { instanceId: string; step: number; messages: readonly Message[] }): Promise<void> | void;
  modelCallStarting?(info: { instanceId: string; step: number; purpose: ModelCallPurpose; messageCount: number }): Promise<void> | void;
  modelCallFinished?(info: { instanceId: string; step: number; purpose: ModelCallPurpose; response: ModelResponse }): Promise<void> | void;
  /**
   * Return a veto to stop this call (the reason is recorded on the tool call and shown to the model),
   * or a replay to answer with a result recorded earlier instead of running it again.
   */
  toolCallStarting?(info: ToolCallHookInfo): Promise<ToolVeto | ToolReplay | void> | ToolVeto | ToolReplay | void;
  /** Called once per started call, also when the run was aborted under it (`interruption` says how it ended). */
  toolCallFinished?(info: ToolCallHookInfo & { result: ToolResult; interruption?: ToolCallInterruption }): Promise<void> | void;
}

/** Runs registered lifecycle hooks. */
export interface HookManager extends RuntimeModule {
  /** Adds hooks; the handle removes exactly this registration. */
  register(hooks: LifecycleHooks): ReleaseHandle;
  runStarted(info: Parameters<NonNullable<LifecycleHooks['runStarted']>>[0]): Promise<void>;
  runFinished(info: Parameters<NonNullable<LifecycleHooks['runFinished']>>[0]): Promise<void>;
  contextPrepared(info: Parameters<NonNullable<LifecycleHooks['contextPrepared']>>[0]): Promise<void>;
  modelCallStarting(info: Parameters<NonNullable<LifecycleHooks['modelCallStarting']>>[0]): Promise<void>;
  modelCallFinished(info: Parameters<NonNullable<LifecycleHooks['modelCallFinished']>>[0]): Promise<void>;
  /** The first veto or replay wins; later hooks are not asked. */
  toolCallStarting(info: Parameters<NonNullable<LifecycleHooks['toolCallStarting']>>[0]): Promise<ToolVeto | ToolReplay | undefined>;
  toolCallFinished(info: Parameters<NonNullable<LifecycleHooks['toolCallFinished']>>[0]): Promise<void>;
}
